import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { SHOP_PAGE_SIZE, type ProductSummary } from '../../../domain/catalogue';
import type { ShopStatus } from '../../../machines/shopMachine';
import { pageCount } from '../../../domain/paging';
import { hasFilters, SORT_OPTIONS, type ShopQuery, type SortKey } from '../../../domain/shopQuery';
import { Button } from '../../ui/Button';
import { Drawer } from '../../ui/Drawer';
import { pageHeading } from '../../ui/Page';
import { IMAGE_DISPLAYS } from '../../ui/images';
import { ProductCard } from '../../ui/ProductCard';
import { ProductCardSkeleton } from '../../ui/ProductCardSkeleton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { categoryLabel } from '../../ui/catalogueLabels';
import { SORT_LABELS } from './labels';
import { Pagination } from './Pagination';
import { type FilterChange, HiddenFields, ShopFilters } from './ShopFilters';
import { otherShopParams } from './url';
import { early } from '../../services/earlyActions';

export type ShopViewProps = {
  status: ShopStatus;
  /** The query the URL holds (filters, sort, page). */
  query: ShopQuery;
  products: ProductSummary[];
  /** Matching products over all pages. */
  total: number;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
  onRetry: () => void;
  /** Quick add from a card (SPEC §4). */
  onAdd: (product: ProductSummary) => void;
  /** A card was opened (analytics select_item). */
  onSelect?: (product: ProductSummary, index: number) => void;
  /** The small-screen filter panel starts open (stories). */
  defaultFiltersOpen?: boolean;
};

const SKELETONS = 8;

// Two columns from the smallest phone on: one card per row would make a page of 12 some 6,000 px tall.
const grid = css({ display: 'grid', gap: { base: '3', md: '6' }, gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minH: '11',
  px: '4',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'surface',
  color: 'fg',
  fontSize: 'sm',
  cursor: 'pointer',
  maxW: 'full',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '2px' },
});
const subheading = css({ textStyle: 'heading', fontSize: 'xl' });

/** /shop (SPEC §2 Shop): heading, count, sort, filters, the grid of cards and pagination. */
export function ShopView({ status, query, products, total, onChange, onClear, onRetry, onAdd, onSelect, defaultFiltersOpen = false }: ShopViewProps) {
  const { t, i18n } = useLingui();
  const [filtersOpen, setFiltersOpen] = useState(defaultFiltersOpen);
  const title = query.category ? categoryLabel(i18n, query.category) : t`Shop`;
  useDocumentTitle(title);
  const filtered = hasFilters(query);
  // What the panel holds, counted on its button (the panel is closed on a phone).
  const sidebarFilters = [query.category, query.size, query.color, query.minPrice ?? query.maxPrice, query.inStock || null].filter((v) => v !== null).length;
  const sorts: SortKey[] = query.sort === 'best' ? [...SORT_OPTIONS, 'best'] : SORT_OPTIONS;

  const chips: { key: string; label: string; remove: FilterChange }[] = [];
  const search = query.q;
  if (search) chips.push({ key: 'q', label: t`Search: ${search}`, remove: { q: '' } });
  if (query.featured) chips.push({ key: 'featured', label: t`Featured`, remove: { featured: false } });
  for (const tag of query.tags) chips.push({ key: `tag-${tag}`, label: `#${tag}`, remove: { tags: query.tags.filter((other) => other !== tag) } });

  const filters = <ShopFilters query={query} onChange={onChange} onClear={onClear} />;

  return (
    <div className={css({ mx: 'auto', maxW: '7xl', px: { base: '4', md: '8' }, py: { base: '8', md: '12' } })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '4' })}>
        <div>
          <h1 className={pageHeading}>{title}</h1>
          <p aria-live="polite" className={css({ mt: '2', color: 'fg.muted', minH: '6' })}>
            {status === 'results' || status === 'empty' ? <Plural value={total} one="# product" other="# products" /> : null}
          </p>
        </div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' })}>
          <Button variant="outline" className={css({ hideFrom: 'md' })} onClick={() => setFiltersOpen(true)} aria-haspopup="dialog" {...early('shop-filters')}>
            <Trans>Filters</Trans>
            {sidebarFilters > 0 && <span>{` (${sidebarFilters})`}</span>}
          </Button>
          {/* A GET form: before the app runs, the early script sends it on a change (docs/adr/0035); the app navigates in place. */}
          <form action="/shop" method="get" data-early-submit="" onSubmit={(event) => event.preventDefault()}>
            <HiddenFields params={otherShopParams(query, ['sort', 'sortField', 'sortDirection'])} />
            <label className={css({ display: 'grid', gap: '1', fontSize: 'sm', color: 'fg.muted' })}>
              <Trans>Sort by</Trans>
              <select
                name="sort"
                value={query.sort}
                onChange={(event) => onChange({ sort: event.currentTarget.value as SortKey })}
                className={css({
                  minH: '11',
                  px: '3',
                  borderRadius: 'md',
                  borderWidth: '1px',
                  borderColor: 'border.strong',
                  bg: 'surface',
                  color: 'fg',
                  fontSize: 'md',
                  _focusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '2px' },
                })}
              >
                {sorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {i18n._(SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </label>
          </form>
        </div>
      </div>

      {chips.length > 0 && (
        <ul aria-label={t`Active filters`} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '4' })}>
          {chips.map(({ key, label, remove }) => (
            <li key={key} className={css({ maxW: 'full' })}>
              <button type="button" className={chip} onClick={() => onChange(remove)} aria-label={t`Remove filter: ${label}`}>
                <span className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{label}</span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <div className={css({ display: 'grid', gap: '8', mt: '6', gridTemplateColumns: { base: '1fr', md: '15rem minmax(0, 1fr)' } })}>
        <aside aria-labelledby="shop-filters-heading" className={css({ hideBelow: 'md' })}>
          <h2 id="shop-filters-heading" className={css({ textStyle: 'heading', fontSize: 'lg', mb: '3' })}>
            <Trans>Filters</Trans>
          </h2>
          {filters}
        </aside>

        <section aria-label={t`Products`} aria-busy={status === 'loading'} className={css({ minW: '0' })}>
          {status === 'loading' && (
            <>
              <p role="status" className={css({ srOnly: true })}>
                <Trans>Loading...</Trans>
              </p>
              <div className={grid} aria-hidden="true">
                {Array.from({ length: SKELETONS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <ProductCardSkeleton key={i} />
                ))}
              </div>
            </>
          )}

          {status === 'results' && (
            <>
              <ul className={grid}>
                {products.map((product, index) => (
                  <li key={product.id} className={css({ display: 'flex', '& > article': { flex: '1' } })}>
                    <ProductCard
                      product={product}
                      headingLevel="h2"
                      imageDisplay={IMAGE_DISPLAYS.shopCard}
                      eager={index < 3}
                      priority={index === 0}
                      onAdd={() => onAdd(product)}
                      onSelect={onSelect ? () => onSelect(product, index) : undefined}
                    />
                  </li>
                ))}
              </ul>
              <Pagination query={query} pageCount={pageCount(total, SHOP_PAGE_SIZE)} />
            </>
          )}

          {status === 'empty' && (
            <div
              className={css({
                display: 'grid',
                gap: '3',
                justifyItems: 'center',
                textAlign: 'center',
                py: '16',
                px: '4',
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'lg',
              })}
            >
              <h2 className={subheading}>
                <Trans>No products found</Trans>
              </h2>
              <p className={css({ color: 'fg.muted' })}>
                <Trans>Try adjusting your filters or search terms</Trans>
              </p>
              {filtered && (
                <Button variant="outline" onClick={onClear}>
                  <Trans>Clear all</Trans>
                </Button>
              )}
            </div>
          )}

          {status === 'error' && (
            <div
              role="alert"
              className={css({
                display: 'grid',
                gap: '3',
                justifyItems: 'center',
                textAlign: 'center',
                py: '16',
                px: '4',
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'lg',
              })}
            >
              <h2 className={subheading}>
                <Trans>Something went wrong</Trans>
              </h2>
              <p className={css({ color: 'fg.muted' })}>
                <Trans>We're having trouble loading the products. Please try again.</Trans>
              </p>
              <Button onClick={onRetry}>
                <Trans>Try Again</Trans>
              </Button>
            </div>
          )}
        </section>
      </div>

      <Drawer
        open={filtersOpen}
        onOpenChange={setFiltersOpen}
        title={t`Filters`}
        closeLabel={t`Close filters`}
        footer={
          <Button className={css({ w: 'full' })} onClick={() => setFiltersOpen(false)}>
            {status === 'results' || status === 'empty' ? <Plural value={total} one="Show # product" other="Show # products" /> : <Trans>Show products</Trans>}
          </Button>
        }
      >
        {filters}
      </Drawer>
    </div>
  );
}
