import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../../styled-system/css';
import { muted } from './adminTable';

export type PaginationProps = {
  /** The page shown (1-based). */
  page: number;
  /** Pages over all; nothing is rendered for one page or none. */
  pages: number;
  /** The URL of a page, keeping the list's other query. */
  href: (page: number) => string;
};

const pageLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '11',
  px: '4',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border',
  fontWeight: 'semibold',
  fontSize: 'sm',
  textDecoration: 'none',
  _hover: { borderColor: 'accent' },
  '&[aria-disabled=true]': { color: 'fg.muted', opacity: 0.6, cursor: 'default', _hover: { borderColor: 'border' } },
});

/** An admin list's Previous / "Page 2 of 5" / Next; at either end the link is a disabled-looking text. A page past the last leads back to the last. */
export function Pagination({ page, pages, href }: PaginationProps) {
  const { t, i18n } = useLingui();
  if (pages <= 1) return null;
  const number = new Intl.NumberFormat(i18n.locale);
  const currentText = number.format(page);
  const pagesText = number.format(pages);
  return (
    <nav aria-label={t`Pagination`} className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}>
      {page > 1 ? (
        <Link href={href(Math.min(page - 1, pages))} rel="prev" className={pageLink}>
          <Trans>Previous</Trans>
        </Link>
      ) : (
        <span aria-disabled="true" className={pageLink}>
          <Trans>Previous</Trans>
        </span>
      )}
      <p className={muted}>{t`Page ${currentText} of ${pagesText}`}</p>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className={pageLink}>
          <Trans>Next</Trans>
        </Link>
      ) : (
        <span aria-disabled="true" className={pageLink}>
          <Trans>Next</Trans>
        </span>
      )}
    </nav>
  );
}
