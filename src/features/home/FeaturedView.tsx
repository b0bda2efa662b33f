import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { FEATURED_HOME_LIMIT, type ProductSummary } from '../../../domain/catalogue';
import type { FeaturedStatus } from '../../../machines/featuredMachine';
import { IMAGE_DISPLAYS } from '../../ui/images';
import { ProductCard } from '../../ui/ProductCard';
import { ProductCardSkeleton } from '../../ui/ProductCardSkeleton';
import { RetryAlert } from '../../ui/RetryAlert';

export type FeaturedViewProps = {
  status: FeaturedStatus;
  products: ProductSummary[];
  onAdd: (product: ProductSummary) => void;
  /** The shopper opened a product (analytics select_item). */
  onSelect: (product: ProductSummary, index: number) => void;
  onRetry: () => void;
};

/** Where "View all" leads: the shop filtered to featured products (ARCHITECTURE §7). */
export const FEATURED_SHOP_HREF = '/shop?featured=true';

const grid = css({
  display: 'grid',
  gap: { base: '4', md: '6' },
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
});

const SKELETONS = Array.from({ length: FEATURED_HOME_LIMIT }, (_, i) => `skeleton-${i}`);

/** SPEC §2 Home: the featured products grid (6 cards with Add to Cart) and its loading states. */
export function FeaturedView({ status, products, onAdd, onSelect, onRetry }: FeaturedViewProps) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="home-featured" aria-busy={status === 'loading'} className={css({ borderTopWidth: '1px', borderColor: 'border', py: { base: '10', md: '16' } })}>
      <div className={css({ mx: 'auto', maxW: '6xl', px: { base: '4', md: '8' } })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '3', mb: '6' })}>
          <h2 id="home-featured" className={css({ textStyle: 'heading', fontSize: { base: '3xl', md: '5xl' }, lineHeight: '1.1' })}>
            <Trans>Featured</Trans>
          </h2>
          <Link
            href={FEATURED_SHOP_HREF}
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              minH: '11',
              fontWeight: 'bold',
              textTransform: 'uppercase',
              letterSpacing: 'wide',
              fontSize: 'sm',
              color: 'accent.text',
              textDecoration: 'underline',
              textUnderlineOffset: '4px',
              _hover: { color: 'fg' },
            })}
          >
            <Trans>View all</Trans>
          </Link>
        </div>

        {status === 'loading' && (
          <>
            <p role="status" className={css({ srOnly: true })}>
              {t`Loading featured…`}
            </p>
            <div className={grid}>
              {SKELETONS.map((key) => (
                <ProductCardSkeleton key={key} />
              ))}
            </div>
          </>
        )}
        {status === 'empty' && (
          <p className={css({ color: 'fg.muted' })}>
            <Trans>No featured items yet.</Trans>
          </p>
        )}
        {status === 'error' && (
          <RetryAlert onRetry={onRetry}>
            <p>
              <Trans>Failed to load featured.</Trans>
            </p>
          </RetryAlert>
        )}
        {status === 'loaded' && (
          <ul aria-label={t`Featured products`} className={grid}>
            {products.map((product, index) => (
              <li key={product.id} className={css({ display: 'flex', '& > article': { flex: '1' } })}>
                <ProductCard product={product} imageDisplay={IMAGE_DISPLAYS.featuredCard} onAdd={() => onAdd(product)} onSelect={() => onSelect(product, index)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
