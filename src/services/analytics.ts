import { lowestPrice, type ProductSummary, type Variant } from '../../domain/catalogue';

/**
 * SPEC §4 analytics, in GA4's e-commerce shape (`{ event, ecommerce: { items: [...] } }`), kept
 * locally: pushed to `window.dataLayer` (where a tag manager would pick it up, if a site adds one)
 * and printed in development. Nothing leaves the browser.
 */
export type AnalyticsItem = {
  item_id: string;
  item_name: string;
  item_category?: string;
  item_variant?: string;
  /** Major units (euros), as GA4 expects. */
  price?: number;
  currency?: string;
  quantity?: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
};

export type AnalyticsEvent =
  | { event: 'view_item_list'; ecommerce: { item_list_id: string; item_list_name: string; items: AnalyticsItem[] } }
  | { event: 'select_item'; ecommerce: { item_list_id: string; item_list_name: string; items: AnalyticsItem[] } }
  | { event: 'view_item'; ecommerce: { currency: string; value: number; items: AnalyticsItem[] } }
  | { event: 'add_to_cart'; ecommerce: { currency: string; value: number; items: AnalyticsItem[] } }
  | { event: 'submit_review'; ecommerce: { items: AnalyticsItem[] }; rating: number };

/** The item lists the shop reports (GA4 item_list_id). */
export type ItemList = { id: 'featured' | 'shop' | 'related' | 'search'; name: string };
export const ITEM_LISTS = {
  featured: { id: 'featured', name: 'Featured products' },
  shop: { id: 'shop', name: 'Shop' },
  related: { id: 'related', name: 'Related products' },
  search: { id: 'search', name: 'Search results' },
} as const satisfies Record<string, ItemList>;

type WithDataLayer = { dataLayer?: unknown[] };

function record(entry: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as WithDataLayer;
  // GA4 expects the previous ecommerce object cleared before the next one is pushed.
  w.dataLayer ??= [];
  w.dataLayer.push({ ecommerce: null }, entry);
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.info('[analytics]', entry.event, entry);
}

const euros = (cents: number) => Math.round(cents) / 100;

/** A product as an analytics item; with a variant, that variant's SKU, size/colour and price. */
export function toItem(
  product: Pick<ProductSummary, 'id' | 'title' | 'category' | 'currency' | 'variants'>,
  extra: { variant?: Variant | null; quantity?: number; index?: number; list?: ItemList } = {},
): AnalyticsItem {
  const { variant, quantity, index, list } = extra;
  const price = variant ? variant.price : lowestPrice(product)?.price;
  const item: AnalyticsItem = { item_id: variant?.sku ?? product.id, item_name: product.title, item_category: product.category, currency: product.currency };
  if (variant) item.item_variant = [variant.size, variant.color].filter(Boolean).join(' / ') || undefined;
  if (price !== undefined) item.price = euros(price);
  if (quantity !== undefined) item.quantity = quantity;
  if (index !== undefined) item.index = index;
  if (list) {
    item.item_list_id = list.id;
    item.item_list_name = list.name;
  }
  return item;
}

type Listed = Pick<ProductSummary, 'id' | 'title' | 'category' | 'currency' | 'variants'>;

export const analytics = {
  viewItemList(list: ItemList, products: Listed[]) {
    if (products.length === 0) return;
    record({ event: 'view_item_list', ecommerce: { item_list_id: list.id, item_list_name: list.name, items: products.map((p, index) => toItem(p, { index, list })) } });
  },
  selectItem(list: ItemList, product: Listed, index: number) {
    record({ event: 'select_item', ecommerce: { item_list_id: list.id, item_list_name: list.name, items: [toItem(product, { index, list })] } });
  },
  viewItem(product: Listed, variant: Variant | null) {
    const item = toItem(product, { variant });
    record({ event: 'view_item', ecommerce: { currency: product.currency, value: item.price ?? 0, items: [item] } });
  },
  addToCart(product: Listed, variant: Variant, quantity: number) {
    record({ event: 'add_to_cart', ecommerce: { currency: product.currency, value: euros(variant.price * quantity), items: [toItem(product, { variant, quantity })] } });
  },
  submitReview(product: Listed, rating: number) {
    record({ event: 'submit_review', ecommerce: { items: [toItem(product)] }, rating });
  },
};
