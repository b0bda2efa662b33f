import { useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import type { NewsletterLinkAction, NewsletterLinkStatus } from '../../../machines/newsletterLinkMachine';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { pageHeading } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export type NewsletterLinkViewProps = {
  action: NewsletterLinkAction;
  status: NewsletterLinkStatus;
  onRetry: () => void;
};

const panel = css({ mx: 'auto', maxW: '2xl', px: '4', py: { base: '16', md: '24' }, textAlign: 'center', display: 'grid', gap: '4', justifyItems: 'center' });
const lead = css({ color: 'fg.muted' });

/** /newsletter/confirm and /newsletter/unsubscribe: what became of the link from the e-mail. */
export function NewsletterLinkView({ action, status, onRetry }: NewsletterLinkViewProps) {
  const { t } = useLingui();
  const failed = { heading: t`Something went wrong`, body: t`We couldn't reach our server, so nothing has changed. Please try again.` };
  const all: Record<NewsletterLinkAction, Record<NewsletterLinkStatus, { heading: string; body: string }>> = {
    confirm: {
      working: { heading: t`Confirming your subscription...`, body: '' },
      done: {
        heading: t`You're subscribed`,
        body: t`Thanks for confirming. Our newsletter will now reach you at this address, and every issue has a link to unsubscribe.`,
      },
      invalid: {
        heading: t`This link doesn't work`,
        body: t`The confirmation link is unknown, incomplete or has already been used. If you've confirmed before, you're already subscribed; otherwise sign up again at the bottom of any page.`,
      },
      expired: {
        heading: t`This link has expired`,
        body: t`Confirmation links are valid for 48 hours. Sign up again at the bottom of any page and we'll send you a new one.`,
      },
      failed,
    },
    unsubscribe: {
      working: { heading: t`Unsubscribing...`, body: '' },
      done: { heading: t`You're unsubscribed`, body: t`We won't send you our newsletter any more. You can sign up again at any time.` },
      invalid: {
        heading: t`This link doesn't work`,
        body: t`The unsubscribe link is unknown or incomplete. Please open the link from the email exactly as it is.`,
      },
      // Unsubscribe links do not expire; the state is never reached for them.
      expired: {
        heading: t`This link doesn't work`,
        body: t`The unsubscribe link is unknown or incomplete. Please open the link from the email exactly as it is.`,
      },
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
