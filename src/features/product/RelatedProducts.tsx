import { Trans, useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { RELATED_LIMIT, type ProductSummary } from '../../../domain/catalogue';
import type { SideStatus } from '../../../machines/productMachine';
import { IMAGE_DISPLAYS } from '../../ui/images';
import { ProductCard } from '../../ui/ProductCard';
import { ProductCardSkeleton } from '../../ui/ProductCardSkeleton';

export type RelatedProductsProps = {
  status: SideStatus;
  products: ProductSummary[];
  onSelect: (product: ProductSummary, index: number) => void;
};

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } });

/** Up to 4 other products of the same category; nothing at all when there are none or they failed. */
export function RelatedProducts({ status, products, onSelect }: RelatedProductsProps) {
  const { t } = useLingui();
  if (status === 'error' || (status === 'loaded' && products.length === 0)) return null;
  return (
    <section aria-labelledby="related-products" aria-busy={status === 'loading'} className={css({ mt: { base: '10', md: '14' } })}>
      <h2 id="related-products" className={css({ textStyle: 'heading', fontSize: { base: '2xl', md: '3xl' }, mb: '5' })}>
        <Trans>You May Also Like</Trans>
      </h2>
      {status === 'loading' ? (
        <div role="status">
          <span className={css({ srOnly: true })}>{t`Loading related products...`}</span>
          <div className={grid}>
            {Array.from({ length: RELATED_LIMIT }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        </div>
      ) : (
        <ul className={grid}>
          {products.slice(0, RELATED_LIMIT).map((product, index) => (
            <li key={product.id} className={css({ display: 'flex', minW: '0', '& > *': { flex: '1' } })}>
              <ProductCard product={product} imageDisplay={IMAGE_DISPLAYS.relatedCard} onSelect={() => onSelect(product, index)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
