import { useLingui } from '@lingui/react/macro';
import type { NewsletterLinkAction, NewsletterLinkStatus } from '../../../machines/newsletterLinkMachine';
import { EmailLinkOutcome, type LinkCopy } from './EmailLinkOutcome';

export type NewsletterLinkViewProps = {
  action: NewsletterLinkAction;
  status: NewsletterLinkStatus;
  onRetry: () => void;
};

/** /newsletter/confirm and /newsletter/unsubscribe: what became of the link from the e-mail. */
export function NewsletterLinkView({ action, status, onRetry }: NewsletterLinkViewProps) {
  const { t } = useLingui();
  const failed = { heading: t`Something went wrong`, body: t`We couldn't reach our server, so nothing has changed. Please try again.` };
  const all: Record<NewsletterLinkAction, Record<NewsletterLinkStatus, LinkCopy>> = {
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
  return <EmailLinkOutcome status={status} copy={all[action][status]} onRetry={onRetry} />;
}
