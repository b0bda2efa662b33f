import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { FEATURED_HOME_LIMIT, quickAddFromFeatured, type ProductSummary } from '../../../domain/catalogue';
import { featuredMachine, selectFeaturedStatus } from '../../../machines/featuredMachine';
import { fetchFeatured } from '../../api/products';
import { firstScreenKey, useAfterRestore, useFirstSnapshot } from '../../services/firstScreen';
import { analytics, ITEM_LISTS } from '../../services/analytics';
import { useAddToCart } from '../../services/useAddToCart';
import { FeaturedView } from './FeaturedView';

/** The featured block's machine with its data source; the server renders the first screen with it too. */
export const featuredScreenMachine = featuredMachine.provide({
  actors: { fetchFeatured: fromPromise(({ input }) => fetchFeatured(input.limit)) },
  actions: { listViewed: (_, { products }) => analytics.viewItemList(ITEM_LISTS.featured, products) },
});

/** The home page's featured block: loads the featured products; Add to Cart per SPEC §4 featured add. */
export function FeaturedContainer() {
  const restored = useFirstSnapshot<SnapshotFrom<typeof featuredScreenMachine>>(firstScreenKey.featured);
  const [snapshot, send] = useMachine(featuredScreenMachine, { input: { limit: FEATURED_HOME_LIMIT }, snapshot: restored });
  useAfterRestore(snapshot.matches('loaded'), () => analytics.viewItemList(ITEM_LISTS.featured, snapshot.context.products));
  const [, navigate] = useLocation();
  const addToCart = useAddToCart();
  const add = (product: ProductSummary) => {
    const quick = quickAddFromFeatured(product);
    if (quick.kind === 'add') addToCart(product, quick.variant, 1);
    else navigate(`/shop/${product.slug}`);
  };
  return (
    <FeaturedView
      status={selectFeaturedStatus(snapshot)}
      products={snapshot.context.products}
      onAdd={add}
      onSelect={(product, index) => analytics.selectItem(ITEM_LISTS.featured, product, index)}
      onRetry={() => send({ type: 'featured.retry' })}
    />
  );
}
