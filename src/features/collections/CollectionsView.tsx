import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import type { CategoriesStatus } from '../../../machines/categoriesMachine';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { categoryLabel } from '../../ui/catalogueLabels';
import { COLLECTION_TILES, categoryHref } from './data';
import { RetryAlert } from '../../ui/RetryAlert';

export type CollectionsViewProps = {
  status: CategoriesStatus;
  categories: string[];
  error?: string | null;
  onRetry: () => void;
};

const tile = css({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  minH: { base: '40', md: '56' },
  p: '6',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border',
  bgGradient: 'to-br',
  gradientFrom: 'surface.raised',
  gradientTo: 'bg',
  color: 'fg',
  textDecoration: 'none',
  transition: 'border-color 0.2s',
  _hover: { borderColor: 'accent' },
});

const sectionHeading = css({ textStyle: 'heading', fontSize: { base: '2xl', md: '3xl' }, mb: '5' });

/** /collections: three collection tiles and the categories of published products. */
export function CollectionsView({ status, categories, error, onRetry }: CollectionsViewProps) {
  const { t, i18n } = useLingui();
  return (
    <Page title={t`Collections`} lead={t`Find your next favourite piece, from the newest drop to the community's classics.`}>
      <ul className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } })}>
        {COLLECTION_TILES.map((c) => (
          <li key={c.href}>
            <Link href={c.href} className={tile}>
              <span className={css({ textStyle: 'heading', fontSize: '2xl' })}>{i18n._(c.title)}</span>
              <span className={css({ color: 'fg.muted', mt: '1' })}>{i18n._(c.text)}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="shop-by-category" aria-busy={status === 'loading'} className={css({ mt: { base: '10', md: '14' } })}>
        <h2 id="shop-by-category" className={sectionHeading}>
          <Trans>Shop by Category</Trans>
        </h2>
        {status === 'loading' && <Spinner label={t`Loading categories…`} />}
        {status === 'empty' && (
          <p className={css({ color: 'fg.muted' })}>
            <Trans>No categories yet. New products are on their way.</Trans>
          </p>
        )}
        {status === 'error' && (
          <RetryAlert onRetry={onRetry}>
            <p className={css({ color: 'fg' })}>
              <Trans>We couldn't load the categories.</Trans>
              {error ? <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'sm' })}>{error}</span> : null}
            </p>
          </RetryAlert>
        )}
        {status === 'loaded' && (
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            {categories.map((category) => (
              <li key={category}>
                <Link
                  href={categoryHref(category)}
                  className={css({
                    display: 'inline-block',
                    px: '5',
                    py: '3',
                    borderRadius: 'md',
                    borderWidth: '1px',
                    borderColor: 'border.strong',
                    bg: 'surface',
                    color: 'fg',
                    fontWeight: 'semibold',
                    textDecoration: 'none',
                    _hover: { borderColor: 'accent', color: 'accent.text' },
                  })}
                >
                  {categoryLabel(i18n, category)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
