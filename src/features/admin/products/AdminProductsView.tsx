import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, type AdminProductQuery, type AdminProductRow, type AdminSort, isLowStock } from '../../../../domain/adminLists';
import { pageCount } from '../../../../domain/paging';
import { isProductStatus, type ProductStatus } from '../../../../domain/products';
import type { AdminProductsStatus, ToggleKind } from '../../../../machines/adminProductsMachine';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { IMAGE_DISPLAYS, responsiveImage } from '../../../ui/images';
import { pageHeading } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { fieldInput, fieldLabel } from '../../../ui/TextField';
import { cardTable, cardTableRegion, cell, headCell, muted, selectInput } from '../shared/adminTable';
import { DateTime } from '../shared/DateTime';
import { Pagination } from '../shared/Pagination';
import { adminProductsHref, clearFilters, isFiltered } from './url';

export type AdminProductsViewProps = {
  status: AdminProductsStatus;
  /** The URL's query: what the filters show and the pages link to. */
  query: AdminProductQuery;
  /** The search field's text as typed (the URL keeps it trimmed). */
  searchText: string;
  /** The page of products shown (the last one loaded, also while the next one loads). */
  rows: AdminProductRow[];
  /** Products matching the query over all pages. */
  total: number;
  /** Toggles whose write is in flight. */
  writes: { id: string; kind: ToggleKind }[];
  onSearchChange: (text: string) => void;
  onStatusChange: (status: AdminProductQuery['status']) => void;
  onSortChange: (sort: AdminSort) => void;
  onToggleFeatured: (id: string) => void;
  onToggleStatus: (id: string) => void;
  onRetry: () => void;
  /** CSV import and export (issue 24), beside the page's buttons. */
  csvTools?: ReactNode;
};

const COLUMNS = 7;
const SKELETON_ROWS = 5;
const STATUS_TONES: Record<ProductStatus, BadgeTone> = { draft: 'neutral', published: 'success', archived: 'warning' };

const productHeadCell = cx(cell, headCell, css({ fontWeight: 'bold' }));
const busy = css({ '&[aria-disabled=true]': { opacity: 0.6, cursor: 'progress' } });
const skeletonBlock = css({ bg: 'surface.raised', borderRadius: 'sm', animation: 'pulse 1.5s ease-in-out infinite', h: '4' });

function intlLocale(locale: string) {
  return locale === 'de' ? 'de-DE' : 'en-US';
}

/**
 * /admin/products (SPEC §2 Admin products list, §4 toggles): search, status filter and sort above
 * the catalogue's table, one page of 25 at a time. Featured and Publish/Unpublish act per row; a
 * toggle whose write is in flight is marked busy and ignores clicks (it keeps focus, so a keyboard
 * user stays where they were). Titles are data: always text, never markup.
 */
export function AdminProductsView({
  status,
  query,
  searchText,
  rows,
  total,
  writes,
  onSearchChange,
  onStatusChange,
  onSortChange,
  onToggleFeatured,
  onToggleStatus,
  onRetry,
  csvTools,
}: AdminProductsViewProps) {
  const { t, i18n } = useLingui();
  const ids = { search: useId(), status: useId(), sort: useId() };
  const locale = intlLocale(i18n.locale);
  const number = new Intl.NumberFormat(locale);
  const writing = (kind: ToggleKind, id: string) => writes.some((w) => w.kind === kind && w.id === id);
  const statusLabel = (value: ProductStatus) => (value === 'draft' ? t`Draft` : value === 'published' ? t`Published` : t`Archived`);

  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  const current = Math.min(query.page, pages);
  const filtered = isFiltered(query);
  const showRows = rows.length > 0 && status !== 'failed';
  const first = number.format((current - 1) * ADMIN_PAGE_SIZE + 1);
  const last = number.format((current - 1) * ADMIN_PAGE_SIZE + rows.length);
  const totalText = number.format(total);

  return (
    <div className={css({ display: 'grid', gap: '6', minW: '0' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '4' })}>
        <h1 className={pageHeading}>
          <Trans>Products</Trans>
        </h1>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <ButtonLink href="/admin/products/new">
            <Trans>Create Product</Trans>
          </ButtonLink>
          <ButtonLink href="/shop" variant="outline">
            <Trans>View Shop</Trans>
          </ButtonLink>
          <ButtonLink href="/" variant="ghost">
            <Trans>Home</Trans>
          </ButtonLink>
        </div>
        {csvTools}
      </div>

      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr' }, alignItems: 'end' })}>
        <div>
          <label htmlFor={ids.search} className={fieldLabel}>
            <Trans>Search by title or SKU</Trans>
          </label>
          <input
            id={ids.search}
            type="search"
            className={fieldInput}
            value={searchText}
            maxLength={ADMIN_SEARCH_MAX}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onSearchChange(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.status} className={fieldLabel}>
            <Trans>Status</Trans>
          </label>
          <select
            id={ids.status}
            className={selectInput}
            value={query.status}
            onChange={(e) => {
              const value = e.target.value;
              onStatusChange(isProductStatus(value) ? value : 'all');
            }}
          >
            <option value="all">{t`All`}</option>
            <option value="draft">{t`Draft`}</option>
            <option value="published">{t`Published`}</option>
            <option value="archived">{t`Archived`}</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.sort} className={fieldLabel}>
            <Trans>Sort</Trans>
          </label>
          <select id={ids.sort} className={selectInput} value={query.sort} onChange={(e) => onSortChange(e.target.value === 'updated_asc' ? 'updated_asc' : 'updated_desc')}>
            <option value="updated_desc">{t`Recently updated`}</option>
            <option value="updated_asc">{t`Least recently updated`}</option>
          </select>
        </div>
      </div>

      <div className={css({ minH: '6', display: 'flex', alignItems: 'center' })}>
        {status === 'loading' ? (
          <div className={css({ '& > div': { py: '0' } })}>
            <Spinner label={t`Loading products...`} />
          </div>
        ) : status === 'loaded' && total > 0 && rows.length > 0 ? (
          <p className={muted}>
            {plural(total, {
              one: `${first}–${last} of ${totalText} product`,
              other: `${first}–${last} of ${totalText} products`,
            })}
          </p>
        ) : null}
      </div>

      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways; the region is focusable so a keyboard can scroll it too */}
      <section aria-label={t`Product list`} tabIndex={0} className={cardTableRegion}>
        {/* On a phone each product is a card (cardTable): no sideways scrolling. */}
        <table aria-busy={status === 'loading' || undefined} className={cx(cardTable, css({ fontSize: 'sm', md: { minW: '4xl' } }))}>
          <thead>
            <tr>
              <th scope="col" className={productHeadCell}>
                {t`Product`}
              </th>
              <th scope="col" className={productHeadCell}>
                {t`Slug`}
              </th>
              <th scope="col" className={productHeadCell}>
                {t`Status`}
              </th>
              <th scope="col" className={productHeadCell}>
                {t`Featured`}
              </th>
              <th scope="col" className={productHeadCell}>
                {t`Stock`}
              </th>
              <th scope="col" className={productHeadCell}>
                {t`Updated`}
              </th>
              <th scope="col" className={productHeadCell}>
                {t`Actions`}
              </th>
            </tr>
          </thead>
          <tbody>
            {status === 'failed' && (
              <tr>
                <td colSpan={COLUMNS} className={cell}>
                  <div role="alert" className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4', py: '4' })}>
                    <p>{t`Failed to load products. Please refresh the page.`}</p>
                    <Button variant="outline" size="sm" onClick={onRetry}>
                      <Trans>Retry</Trans>
                    </Button>
                  </div>
                </td>
              </tr>
            )}
            {status === 'loading' &&
              rows.length === 0 &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row holds nothing focusable; it only keeps the table's height
                <tr key={i} aria-hidden="true">
                  <td colSpan={COLUMNS} className={cell}>
                    <div className={skeletonBlock} style={{ width: `${90 - i * 8}%` }} />
                  </td>
                </tr>
              ))}
            {status === 'loaded' && rows.length === 0 && (
              <tr>
                <td colSpan={COLUMNS} className={cell}>
                  <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4', py: '6' })}>
                    <p className={css({ fontWeight: 'semibold' })}>{filtered ? t`No products match your search.` : t`No products yet.`}</p>
                    {filtered && (
                      <ButtonLink href={adminProductsHref(clearFilters(query))} variant="outline" size="sm">
                        <Trans>Clear filters</Trans>
                      </ButtonLink>
                    )}
                  </div>
                </td>
              </tr>
            )}
            {showRows &&
              rows.map((row) => {
                const title = row.title;
                const featuredBusy = writing('featured', row.id);
                const statusBusy = writing('status', row.id);
                const published = row.status === 'published';
                const stock = number.format(row.totalInventory);
                return (
                  <tr key={row.id}>
                    <td className={cx(cell, css({ md: { minW: '64' } }))}>
                      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
                        {row.image ? (
                          <img
                            {...responsiveImage(row.image, IMAGE_DISPLAYS.adminListThumb)}
                            alt=""
                            loading="lazy"
                            decoding="async"
                            className={css({ w: '10', h: '10', objectFit: 'cover', borderRadius: 'md', flexShrink: 0, bg: 'surface.raised' })}
                          />
                        ) : (
                          <span
                            aria-hidden="true"
                            className={css({ w: '10', h: '10', borderRadius: 'md', flexShrink: 0, bg: 'surface.raised', borderWidth: '1px', borderColor: 'border' })}
                          />
                        )}
                        <Link
                          href={`/admin/products/${row.id}/edit`}
                          className={css({ fontWeight: 'semibold', lineClamp: '2', overflowWrap: 'anywhere', maxW: '72', _hover: { color: 'accent' } })}
                        >
                          {title}
                        </Link>
                      </div>
                    </td>
                    <td data-label={t`Slug`} className={cx(cell, css({ md: { minW: '36' } }))}>
                      <code className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere', display: 'block', maxW: '48' })}>{row.slug}</code>
                    </td>
                    <td data-label={t`Status`} className={cell}>
                      <Badge tone={STATUS_TONES[row.status]}>{statusLabel(row.status)}</Badge>
                    </td>
                    <td data-label={t`Featured`} className={cell}>
                      <button
                        type="button"
                        role="switch"
                        aria-checked={row.featured}
                        aria-label={t`Featured: ${title}`}
                        aria-disabled={featuredBusy || undefined}
                        aria-busy={featuredBusy || undefined}
                        onClick={() => {
                          if (!featuredBusy) onToggleFeatured(row.id);
                        }}
                        className={css({
                          position: 'relative',
                          display: 'inline-flex',
                          alignItems: 'center',
                          w: '11',
                          h: '6',
                          borderRadius: 'full',
                          borderWidth: '2px',
                          borderColor: 'border.strong',
                          bg: 'surface.raised',
                          cursor: 'pointer',
                          transition: 'background 0.15s',
                          '&[aria-checked=true]': { bg: 'accent', borderColor: 'accent' },
                          '&[aria-disabled=true]': { opacity: 0.6, cursor: 'progress' },
                          '& > span': { transition: 'transform 0.15s' },
                          '&[aria-checked=true] > span': { transform: 'translateX(1.25rem)' },
                        })}
                      >
                        <span aria-hidden="true" className={css({ ml: '0.5', w: '4', h: '4', borderRadius: 'full', bg: 'fg' })} />
                      </button>
                    </td>
                    <td data-label={t`Stock`} className={cell}>
                      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', whiteSpace: 'nowrap' })}>
                        {row.variantCount === 0 ? (
                          <span className={muted}>{t`No variants`}</span>
                        ) : (
                          <>
                            <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{stock}</span>{' '}
                            {row.totalInventory === 0 ? <Badge tone="danger">{t`Sold out`}</Badge> : isLowStock(row) ? <Badge tone="warning">{t`Low stock`}</Badge> : null}
                          </>
                        )}
                      </div>
                    </td>
                    <td data-label={t`Updated`} className={cx(cell, css({ whiteSpace: 'nowrap' }))}>
                      <DateTime iso={row.updatedAt} />
                    </td>
                    <td data-label={t`Actions`} className={cell}>
                      <div className={css({ display: 'flex', gap: '2' })}>
                        <Button
                          size="sm"
                          variant={published ? 'outline' : 'solid'}
                          className={cx(busy, css({ minW: '28' }))}
                          aria-label={published ? t`Unpublish ${title}` : t`Publish ${title}`}
                          aria-disabled={statusBusy || undefined}
                          aria-busy={statusBusy || undefined}
                          onClick={() => {
                            if (!statusBusy) onToggleStatus(row.id);
                          }}
                        >
                          {published ? t`Unpublish` : t`Publish`}
                        </Button>{' '}
                        <Link href={`/admin/products/${row.id}/edit`} aria-label={t`Edit ${title}`} className={button({ variant: 'ghost', size: 'sm' })}>
                          {t`Edit`}
                        </Link>
                      </div>
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </section>

      {status !== 'failed' && <Pagination page={current} pages={pages} href={(page) => adminProductsHref({ ...query, page })} />}
    </div>
  );
}
