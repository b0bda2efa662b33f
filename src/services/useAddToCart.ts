import { useLingui } from '@lingui/react/macro';
import { localized, primaryImage, type ProductSummary, type Variant } from '../../domain/catalogue';
import { analytics } from './analytics';
import { useNotify, useServices } from './context';

/**
 * Puts a variant in the cart the same way from every screen (SPEC §4, §8): the cart merges it and
 * opens its drawer, a toast says "{qty} x {title} added to your cart.", and add_to_cart is logged.
 */
export function useAddToCart(): (product: ProductSummary, variant: Variant, qty?: number) => void {
  const { cart } = useServices();
  const notify = useNotify();
  const { t, i18n } = useLingui();
  return (product, variant, qty = 1) => {
    const { title } = localized(product, i18n.locale);
    cart.send({
      type: 'cart.add',
      qty,
      item: {
        productId: product.id,
        variantId: variant.id,
        title,
        price: variant.price,
        currency: product.currency,
        image: primaryImage(product.media)?.url ?? null,
        size: variant.size,
        color: variant.color,
      },
    });
    notify({ title: t`Added to cart`, description: t`${qty} x ${title} added to your cart.`, variant: 'success' });
    analytics.addToCart(product, variant, qty);
  };
}
