import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { quickAddFromShop, SHOP_PAGE_SIZE, type ProductSummary } from '../../../domain/catalogue';
import { lastPageInstead } from '../../../domain/paging';
import { clearFilters, withChange } from '../../../domain/shopQuery';
import { shopMachine, shopStatus } from '../../../machines/shopMachine';
import { fetchShopPage } from '../../api/products';
import { firstScreenKey, useFirstSnapshot } from '../../services/firstScreen';
import { analytics, ITEM_LISTS } from '../../services/analytics';
import { useAddToCart } from '../../services/useAddToCart';
import { ShopView } from './ShopView';
import { parseShopQuery, shopHref } from './url';

/** The shop machine with its data source (titles sorted in `locale()`'s language); the server renders the first screen with it too. */
export const shopScreenMachine = (locale: () => string) =>
  shopMachine.provide({ actors: { fetchShopPage: fromPromise(({ input }) => fetchShopPage(input.query, SHOP_PAGE_SIZE, locale())) } });

/** /shop: the URL's query → shop machine → view; every shopper change is a new URL. */
export default function ShopRoute() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseShopQuery(search), [search]);
  // Name sorts follow the titles the shopper reads (German ones on the German site).
  const { i18n } = useLingui();
  const locale = useRef(i18n.locale);
  locale.current = i18n.locale;
  const [snapshot, send] = useMachine(
    shopScreenMachine(() => locale.current),
    {
      snapshot: useFirstSnapshot(firstScreenKey.shop(shopHref(query), i18n.locale)),
    },
  );
  const addToCart = useAddToCart();
  const status = shopStatus(snapshot);
  const { products, total, query: loaded } = snapshot.context;

  useEffect(() => send({ type: 'query.set', query }), [send, query]);

  // Another page of the same list starts at its top (the path does not change, so the shell won't).
  const shownPage = useRef(query.page);
  useEffect(() => {
    if (shownPage.current !== query.page) window.scrollTo(0, 0);
    shownPage.current = query.page;
  }, [query.page]);

  // A page past the last one (an old link, fewer products now): go to the last page instead.
  const lastPage = status === 'empty' && loaded !== null ? lastPageInstead(loaded.page, total, SHOP_PAGE_SIZE) : null;
  useEffect(() => {
    if (lastPage !== null && loaded) navigate(shopHref({ ...loaded, page: lastPage }), { replace: true });
  }, [loaded, lastPage, navigate]);

  useEffect(() => {
    if (status === 'results') analytics.viewItemList(ITEM_LISTS.shop, products);
  }, [status, products]);

  const onAdd = (product: ProductSummary) => {
    const choice = quickAddFromShop(product);
    if (choice.kind === 'add') addToCart(product, choice.variant, 1);
    else navigate(`/shop/${product.slug}`);
  };

  return (
    <ShopView
      status={lastPage !== null ? 'loading' : status}
      query={query}
      products={products}
      total={total}
      onChange={(change) => navigate(shopHref(withChange(query, change)))}
      onClear={() => navigate(shopHref(clearFilters(query)))}
      onRetry={() => send({ type: 'shop.retry' })}
      onAdd={onAdd}
      onSelect={(product, index) => analytics.selectItem(ITEM_LISTS.shop, product, index)}
    />
  );
}
