import { useRef } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { productMachine, productStatus, sideStatus } from '../../../machines/productMachine';
import { fetchProductBySlug, fetchRating, fetchRelated } from '../../api/products';
import { fetchReviews } from '../../api/reviews';
import { firstScreenKey, useAfterRestore, useFirstSnapshot } from '../../services/firstScreen';
import { analytics, ITEM_LISTS } from '../../services/analytics';
import { useServices } from '../../services/context';
import { useAddToCart } from '../../services/useAddToCart';
import { ProductView } from './ProductView';
import { NotifyMe } from './NotifyMe';
import { ReviewFormContainer } from './ReviewFormContainer';

/** The product machine with its data sources; the server renders the first screen with it too (its actions are the page's). */
export const productScreenMachine = productMachine.provide({
  actors: {
    fetchProduct: fromPromise(({ input }) => fetchProductBySlug(input.slug)),
    fetchRating: fromPromise(({ input }) => fetchRating(input.productId)),
    fetchReviews: fromPromise(({ input }) => fetchReviews(input.productId)),
    fetchRelated: fromPromise(({ input }) => fetchRelated(input.product)),
  },
});

/** /shop/{slug}: the product machine with the api behind it, mapped to the view. */
export default function ProductRoute({ slug }: { slug: string }) {
  const { cart } = useServices();
  // The machine keeps the actions of the first render; the ref hands it the current add.
  const add = useAddToCart();
  const addToCart = useRef(add);
  addToCart.current = add;
  const [, navigate] = useLocation();
  const restoredFromServer = useFirstSnapshot(firstScreenKey.product(slug)) !== undefined;
  const [snapshot, send] = useMachine(
    productScreenMachine.provide({
      actions: {
        addToCart: (_, { product, variant, qty }) => addToCart.current(product, variant, qty),
        goToCart: () => {
          cart.send({ type: 'drawer.close' });
          navigate('/cart');
        },
        viewItem: (_, { product, variant }) => analytics.viewItem(product, variant),
      },
    }),
    { input: { slug }, snapshot: useFirstSnapshot(firstScreenKey.product(slug)) },
  );
  useAfterRestore(restoredFromServer && snapshot.context.product !== null, () => {
    const { product, variantId } = snapshot.context;
    if (product) analytics.viewItem(product, product.variants.find((v) => v.id === variantId) ?? null);
  });
  const { context } = snapshot;
  const status = productStatus(snapshot);
  return (
    <ProductView
      status={status}
      product={context.product}
      error={context.error}
      selectedVariantId={context.variantId}
      qty={context.qty}
      rating={context.rating}
      reviewsStatus={sideStatus(snapshot, 'reviews')}
      reviews={context.reviews}
      relatedStatus={sideStatus(snapshot, 'related')}
      related={context.related}
      reviewForm={context.product && <ReviewFormContainer product={context.product} />}
      notifyMe={(selected) => context.product && <NotifyMe product={context.product} selected={selected} />}
      onSelectVariant={(variantId) => send({ type: 'variant.select', variantId })}
      onQtyChange={(qty) => send({ type: 'qty.set', qty })}
      onIncrement={() => send({ type: 'qty.increment' })}
      onDecrement={() => send({ type: 'qty.decrement' })}
      onAddToCart={() => send({ type: 'cart.add' })}
      onBuyNow={() => send({ type: 'cart.buyNow' })}
      onRetry={() => send({ type: 'product.retry' })}
      onRetryReviews={() => send({ type: 'reviews.retry' })}
      onSelectRelated={(product, index) => analytics.selectItem(ITEM_LISTS.related, product, index)}
    />
  );
}
