import { useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import type { NewsletterLinkAction, NewsletterLinkStatus } from '../../../machines/newsletterLinkMachine';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { pageHeading } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export type BackInStockLinkViewProps = {
  action: NewsletterLinkAction;
  status: NewsletterLinkStatus;
  onRetry: () => void;
};

const panel = css({ mx: 'auto', maxW: '2xl', px: '4', py: { base: '16', md: '24' }, textAlign: 'center', display: 'grid', gap: '4', justifyItems: 'center' });
const lead = css({ color: 'fg.muted' });

/** /back-in-stock/confirm and /back-in-stock/unsubscribe: what became of the link from the e-mail. */
export function BackInStockLinkView({ action, status, onRetry }: BackInStockLinkViewProps) {
  const { t } = useLingui();
  const failed = { heading: t`Something went wrong`, body: t`We couldn't reach our server, so nothing has changed. Please try again.` };
  const invalidUnsubscribe = {
    heading: t`This link doesn't work`,
    body: t`The unsubscribe link is unknown or incomplete. Please open the link from the email exactly as it is.`,
  };
  const all: Record<NewsletterLinkAction, Record<NewsletterLinkStatus, { heading: string; body: string }>> = {
    confirm: {
      working: { heading: t`Confirming your request...`, body: '' },
      done: { heading: t`We'll tell you when it's back`, body: t`Thanks for confirming. We'll send one email to this address as soon as it's back in stock.` },
      invalid: {
        heading: t`This link doesn't work`,
        body: t`The confirmation link is unknown, incomplete or has already been used. If you've confirmed before, you're already on the list; otherwise ask again on the product page.`,
      },
      expired: { heading: t`This link has expired`, body: t`Confirmation links are valid for 48 hours. Ask again on the product page and we'll send you a new one.` },
      failed,
    },
    unsubscribe: {
      working: { heading: t`Unsubscribing...`, body: '' },
      done: { heading: t`You're unsubscribed`, body: t`We won't send this address any more back-in-stock emails. You can ask again on any product page.` },
      invalid: invalidUnsubscribe,
      // Unsubscribe links do not expire; the state is never reached for them.
      expired: invalidUnsubscribe,
      failed,
    },
  };
  const copy = all[action][status];
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
