import { useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import type { NewsletterLinkStatus } from '../../../machines/newsletterLinkMachine';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { pageHeading } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export type LinkCopy = { heading: string; body: string };

const panel = css({ mx: 'auto', maxW: '2xl', px: '4', py: { base: '16', md: '24' }, textAlign: 'center', display: 'grid', gap: '4', justifyItems: 'center' });
const lead = css({ color: 'fg.muted' });

/**
 * What became of a link from an e-mail (newsletter, back in stock): a spinner while it works, then
 * the outcome as a status (done) or an alert, with "Try again" after a failure, else a way on.
 */
export function EmailLinkOutcome({ status, copy, onRetry }: { status: NewsletterLinkStatus; copy: LinkCopy; onRetry: () => void }) {
  const { t } = useLingui();
  useDocumentTitle(copy.heading);
  if (status === 'working') {
    return (
      <div className={panel} aria-busy="true">
        <Spinner label={copy.heading} />
      </div>
    );
  }
  return (
    <div className={panel} role={status === 'done' ? 'status' : 'alert'} data-status={status}>
      <h1 className={pageHeading}>{copy.heading}</h1>
      <p className={lead}>{copy.body}</p>
      {status === 'failed' ? <Button onClick={onRetry}>{t`Try again`}</Button> : <ButtonLink href="/shop">{t`Continue shopping`}</ButtonLink>}
    </div>
  );
}
