import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { categoriesMachine, selectCategoriesStatus } from '../../../machines/categoriesMachine';
import { fetchCategories } from '../../api/categories';
import { firstScreenKey, useFirstSnapshot } from '../../services/firstScreen';
import { CollectionsView } from './CollectionsView';

/** The categories machine with its data source; the server renders the first screen with it too. */
export const categoriesScreenMachine = categoriesMachine.provide({ actors: { fetchCategories: fromPromise(() => fetchCategories()) } });

/** /collections: loads the categories of published products. */
export default function CollectionsRoute() {
  const [snapshot, send] = useMachine(categoriesScreenMachine, { snapshot: useFirstSnapshot(firstScreenKey.categories) });
  return (
    <CollectionsView
      status={selectCategoriesStatus(snapshot)}
      categories={snapshot.context.categories}
      error={snapshot.context.error}
      onRetry={() => send({ type: 'categories.retry' })}
    />
  );
}
