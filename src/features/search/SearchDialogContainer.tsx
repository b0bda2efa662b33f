import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { searchMachine, selectSearchStatus } from '../../../machines/searchMachine';
import { searchProducts } from '../../api/products';
import { SearchDialogView } from './SearchDialogView';
import { shopSearchHref } from './url';

export type SearchDialogContainerProps = { open: boolean; onOpenChange: (open: boolean) => void };

const machine = searchMachine.provide({ actors: { searchProducts: fromPromise(({ input }) => searchProducts(input.term)) } });

/** The header's search dialog: the search machine behind the dialog view. Closing forgets the search. */
export default function SearchDialogContainer({ open, onOpenChange }: SearchDialogContainerProps) {
  const [snapshot, send] = useMachine(machine);
  const [, navigate] = useLocation();
  const { input, term, results } = snapshot.context;
  const close = () => {
    onOpenChange(false);
    send({ type: 'search.clear' });
  };
  return (
    <SearchDialogView
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      text={input}
      term={term}
      status={selectSearchStatus(snapshot)}
      results={results}
      onInput={(text) => send({ type: 'search.input', text })}
      onSubmit={() => {
        close();
        navigate(shopSearchHref(term));
      }}
      onChoose={close}
      onRetry={() => send({ type: 'search.retry' })}
    />
  );
}
