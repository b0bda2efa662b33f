import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { css } from '../../../../styled-system/css';
import { type AdminProductsNotice, adminProductsMachine, selectListStatus, selectSearchText, selectWrites } from '../../../../machines/adminProductsMachine';
import { fetchAdminProducts, setProductFeatured, setProductStatus } from '../../../api/admin';
import { useNotify } from '../../../services/context';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { exportFileName, productsCsv } from '../../../../domain/catalogueCsv';
import { fetchCatalogueForExport } from '../../../api/catalogueCsv';
import { ButtonLink } from '../../../ui/ButtonLink';
import { CsvExport } from '../csv/CsvExport';
import { AdminProductsView } from './AdminProductsView';
import { type AdminQueryChange, adminProductsHref, parseAdminProductQuery, withChange } from './url';

/** The product a toast names, cut to a line (titles may be up to 200 characters). */
const shortTitle = (title: string) => (title.length > 80 ? `${title.slice(0, 79)}…` : title);

/** /admin/products: the URL's query → list machine → view; every search, filter, sort and page is a new URL (the machine asks for the search's and the corrected page's). */
export function AdminProductsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Products · Admin`);
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseAdminProductQuery(search), [search]);
  const notify = useNotify();
  const toastFor = (notice: AdminProductsNotice) =>
    notice.kind === 'failed'
      ? { title: t`Failed to update`, description: notice.message || undefined, variant: 'destructive' as const }
      : { title: notice.kind === 'featured' ? t`Updated featured` : t`Status updated`, description: shortTitle(notice.title), variant: 'success' as const };

  const [snapshot, send] = useMachine(
    adminProductsMachine.provide({
      actors: {
        fetchProducts: fromPromise(({ input }) => fetchAdminProducts(input)),
        setFeatured: fromPromise(({ input }) => setProductFeatured(input)),
        setStatus: fromPromise(({ input }) => setProductStatus(input)),
      },
      actions: {
        notify: (_, notice) => notify(toastFor(notice)),
        navigate: (_, { query: next, replace }) => navigate(adminProductsHref(next), { replace }),
      },
    }),
    { input: { query } },
  );
  useEffect(() => send({ type: 'list.query', query }), [send, query]);

  const { rows, total } = snapshot.context;
  const change = (next: AdminQueryChange) => navigate(adminProductsHref(withChange(query, next)));

  return (
    <AdminProductsView
      status={selectListStatus(snapshot)}
      query={query}
      searchText={selectSearchText(snapshot)}
      rows={rows}
      total={total}
      writes={selectWrites(snapshot)}
      onSearchChange={(text) => send({ type: 'search.text', text })}
      onStatusChange={(value) => change({ status: value })}
      onSortChange={(sort) => change({ sort })}
      onToggleFeatured={(id) => send({ type: 'product.toggleFeatured', id })}
      onToggleStatus={(id) => send({ type: 'product.toggleStatus', id })}
      onRetry={() => send({ type: 'list.retry' })}
      csvTools={
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <ButtonLink href="/admin/products/import" variant="outline">
            {t`Import CSV`}
          </ButtonLink>
          <CsvExport
            label={t`Export products as CSV`}
            fileName={() => exportFileName('products', new Date())}
            build={async (separator) => productsCsv(await fetchCatalogueForExport(), separator)}
          />
        </div>
      }
    />
  );
}
