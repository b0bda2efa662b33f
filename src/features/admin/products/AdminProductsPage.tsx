import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { ADMIN_PAGE_SIZE } from '../../../../domain/adminLists';
import { lastPageInstead } from '../../../../domain/paging';
import { type AdminProductsNotice, adminProductsMachine, selectListStatus, selectWrites } from '../../../../machines/adminProductsMachine';
import { fetchAdminProducts, setProductFeatured, setProductStatus } from '../../../api/admin';
import { useNotify } from '../../../services/context';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { AdminProductsView } from './AdminProductsView';
import { type AdminQueryChange, adminProductsHref, parseAdminProductQuery, searchTerm, withChange } from './url';

/** The product a toast names, cut to a line (titles may be up to 200 characters). */
const shortTitle = (title: string) => (title.length > 80 ? `${title.slice(0, 79)}…` : title);

/** /admin/products: the URL's query → list machine → view; every search, filter, sort and page is a new URL. */
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
      actions: { notify: (_, notice) => notify(toastFor(notice)) },
    }),
    { input: { query } },
  );
  useEffect(() => send({ type: 'list.query', query }), [send, query]);

  // The field shows what is typed (spaces too) while the URL holds it trimmed; a search the URL gets
  // from elsewhere (back, forward, Clear filters) replaces the field's text.
  const [searchText, setSearchText] = useState(query.q);
  const [urlSearch, setUrlSearch] = useState(query.q);
  if (query.q !== urlSearch) {
    setUrlSearch(query.q);
    if (searchTerm(searchText) !== query.q) setSearchText(query.q);
  }

  const status = selectListStatus(snapshot);
  const { rows, total } = snapshot.context;
  // A page past the last (an old link, fewer products now): show the last page instead.
  const lastPage = status === 'loaded' && rows.length === 0 ? lastPageInstead(query.page, total, ADMIN_PAGE_SIZE) : null;
  const pastTheEnd = lastPage !== null;
  useEffect(() => {
    if (lastPage !== null) navigate(adminProductsHref({ ...query, page: lastPage }), { replace: true });
  }, [query, lastPage, navigate]);

  const change = (next: AdminQueryChange, replace = false) => navigate(adminProductsHref(withChange(query, next)), { replace });

  return (
    <AdminProductsView
      status={pastTheEnd ? 'loading' : status}
      query={query}
      searchText={searchText}
      rows={rows}
      total={total}
      writes={selectWrites(snapshot)}
      onSearchChange={(text) => {
        setSearchText(text);
        // Typing replaces the URL rather than adding a history entry per key.
        if (searchTerm(text) !== query.q) change({ q: searchTerm(text) }, true);
      }}
      onStatusChange={(value) => change({ status: value })}
      onSortChange={(sort) => change({ sort })}
      onToggleFeatured={(id) => send({ type: 'product.toggleFeatured', id })}
      onToggleStatus={(id) => send({ type: 'product.toggleStatus', id })}
      onRetry={() => send({ type: 'list.retry' })}
    />
  );
}
