import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { categoriesMachine, type CategoriesStatus } from '../../../machines/categoriesMachine';
import { fetchCategories } from '../../api/categories';
import { CollectionsView } from './CollectionsView';

/** /collections: loads the categories of published products. */
export default function CollectionsRoute() {
  const [snapshot, send] = useMachine(categoriesMachine.provide({ actors: { fetchCategories: fromPromise(() => fetchCategories()) } }));
  return (
    <CollectionsView
      status={snapshot.value as CategoriesStatus}
      categories={snapshot.context.categories}
      error={snapshot.context.error}
      onRetry={() => send({ type: 'categories.retry' })}
    />
  );
}
