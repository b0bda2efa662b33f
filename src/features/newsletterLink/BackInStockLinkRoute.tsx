import { useMachine } from '@xstate/react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { type NewsletterLinkAction, newsletterLinkMachine, selectNewsletterLinkStatus } from '../../../machines/newsletterLinkMachine';
import { confirmBackInStock, unsubscribeBackInStock } from '../../api/backInStock';
import { BackInStockLinkView } from './BackInStockLinkView';
import { tokenFromSearch } from './url';

/**
 * /back-in-stock/confirm?token=… and /back-in-stock/unsubscribe?token=…, the links of the
 * back-in-stock e-mails (docs/adr/0038): the same chart as the newsletter's links, other calls.
 */
export default function BackInStockLinkRoute({ action }: { action: NewsletterLinkAction }) {
  const search = useSearch();
  const [snapshot, send] = useMachine(
    newsletterLinkMachine.provide({
      actors: {
        confirm: fromPromise(({ input }) => confirmBackInStock(input.token)),
        unsubscribe: fromPromise(({ input }) => unsubscribeBackInStock(input.token)),
      },
    }),
    { input: { action, token: tokenFromSearch(search) } },
  );
  return <BackInStockLinkView action={action} status={selectNewsletterLinkStatus(snapshot)} onRetry={() => send({ type: 'retry' })} />;
}
