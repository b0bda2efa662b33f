import { useMachine } from '@xstate/react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { type NewsletterLinkAction, newsletterLinkMachine, selectNewsletterLinkStatus } from '../../../machines/newsletterLinkMachine';
import { confirmSubscription, unsubscribe } from '../../api/newsletter';
import { NewsletterLinkView } from './NewsletterLinkView';
import { tokenFromSearch } from './url';

/** /newsletter/confirm?token=… and /newsletter/unsubscribe?token=…, the links of the newsletter e-mails. */
export default function NewsletterLinkRoute({ action }: { action: NewsletterLinkAction }) {
  const search = useSearch();
  const [snapshot, send] = useMachine(
    newsletterLinkMachine.provide({
      actors: {
        confirm: fromPromise(({ input }) => confirmSubscription(input.token)),
        unsubscribe: fromPromise(({ input }) => unsubscribe(input.token)),
      },
    }),
    { input: { action, token: tokenFromSearch(search) } },
  );
  return <NewsletterLinkView action={action} status={selectNewsletterLinkStatus(snapshot)} onRetry={() => send({ type: 'retry' })} />;
}
