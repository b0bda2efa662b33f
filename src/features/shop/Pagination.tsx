import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import type { ShopQuery } from '../../../domain/shopQuery';
import { pageItems } from './pages';
import { shopHref } from './url';

export type PaginationProps = { query: ShopQuery; pageCount: number };

const item = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '11',
  minH: '11',
  px: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border',
  color: 'fg',
  fontWeight: 'semibold',
  fontSize: 'sm',
  textDecoration: 'none',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '2px' },
  '&[aria-current=page]': { bg: 'accent', borderColor: 'accent', color: 'accent.fg' },
  '&[aria-disabled=true]': { color: 'fg.muted', borderColor: 'border', opacity: 0.6, cursor: 'default' },
});

/** Previous, page numbers (condensed with gaps) and Next, as real links (middle-click, no JS). */
export function Pagination({ query, pageCount }: PaginationProps) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const href = (page: number) => shopHref({ ...query, page });
  const current = Math.min(query.page, pageCount);
  return (
    <nav aria-label={t`Pagination`} className={css({ mt: '10' })}>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center', gap: '2' })}>
        <li>
          {current > 1 ? (
            <Link href={href(current - 1)} className={item} rel="prev">
              <Trans>Previous</Trans>
            </Link>
          ) : (
            <span className={item} aria-disabled="true">
              <Trans>Previous</Trans>
            </span>
          )}
        </li>
        {pageItems(current, pageCount).map((page, i) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
            <li key={`gap-${i}`} aria-hidden="true" className={css({ color: 'fg.muted', px: '1' })}>
              …
            </li>
          ) : (
            <li key={page}>
              <Link href={href(page)} className={item} aria-current={page === current ? 'page' : undefined} aria-label={t`Page ${page}`}>
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < pageCount ? (
            <Link href={href(current + 1)} className={item} rel="next">
              <Trans>Next</Trans>
            </Link>
          ) : (
            <span className={item} aria-disabled="true">
              <Trans>Next</Trans>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
