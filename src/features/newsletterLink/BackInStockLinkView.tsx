import { useLingui } from '@lingui/react/macro';
import type { NewsletterLinkAction, NewsletterLinkStatus } from '../../../machines/newsletterLinkMachine';
import { EmailLinkOutcome, type LinkCopy } from './EmailLinkOutcome';

export type BackInStockLinkViewProps = {
  action: NewsletterLinkAction;
  status: NewsletterLinkStatus;
  onRetry: () => void;
};

/** /back-in-stock/confirm and /back-in-stock/unsubscribe: what became of the link from the e-mail. */
export function BackInStockLinkView({ action, status, onRetry }: BackInStockLinkViewProps) {
  const { t } = useLingui();
  const failed = { heading: t`Something went wrong`, body: t`We couldn't reach our server, so nothing has changed. Please try again.` };
  const invalidUnsubscribe = {
    heading: t`This link doesn't work`,
    body: t`The unsubscribe link is unknown or incomplete. Please open the link from the email exactly as it is.`,
  };
  const all: Record<NewsletterLinkAction, Record<NewsletterLinkStatus, LinkCopy>> = {
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
  return <EmailLinkOutcome status={status} copy={all[action][status]} onRetry={onRetry} />;
}
