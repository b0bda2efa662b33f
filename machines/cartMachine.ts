import { assign, setup, type SnapshotFrom } from 'xstate';

/** SPEC §3 cart line item. `price` is in minor units (cents) of `currency`. */
export type CartItem = {
  id: string;
  productId: string;
  variantId: string;
  title: string;
  price: number;
  image: string | null;
  size: string | null;
  color: string | null;
  qty: number;
  currency: string;
};

/** What an "add to cart" knows about the variant; the rest takes SPEC §3's defaults. */
export type CartAddItem = Pick<CartItem, 'productId' | 'variantId'> & Partial<Pick<CartItem, 'title' | 'price' | 'currency' | 'image' | 'size' | 'color'>>;

export type CartInput = { items?: CartItem[] };

type Context = { items: CartItem[] };

export type CartEvent =
  | { type: 'cart.add'; item: CartAddItem; qty?: number }
  | { type: 'cart.setQty'; id: string; qty: number }
  | { type: 'cart.remove'; id: string }
  | { type: 'cart.clear' }
  | { type: 'drawer.open' }
  | { type: 'drawer.close' };

export const DEFAULT_CURRENCY = 'USD';
export const MIN_QTY = 1;

/** Lines merge by variant, so the variant makes a unique line id. */
export const lineId = (variantId: string) => `line-${variantId}`;

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

function addLine(items: CartItem[], item: CartAddItem, qty: number): CartItem[] {
  const existing = items.find((line) => line.variantId === item.variantId);
  if (existing) return items.map((line) => (line === existing ? { ...line, qty: line.qty + qty } : line));
  return [
    ...items,
    {
      id: lineId(item.variantId),
      productId: item.productId,
      variantId: item.variantId,
      title: item.title || 'Product',
      price: item.price ?? 0,
      image: item.image ?? null,
      size: item.size ?? null,
      color: item.color ?? null,
      qty,
      currency: item.currency || DEFAULT_CURRENCY,
    },
  ];
}

/**
 * SPEC §4 Cart: merge by variant, quantity never below 1, remove, clear; the drawer opens on every
 * add. `persist` (supplied by the app) runs after every change of the lines, never for the lines
 * the cart was started with. Events that would change nothing are not taken at all.
 */
export const cartMachine = setup({
  types: { context: {} as Context, events: {} as CartEvent, input: {} as CartInput },
  actions: {
    addItem: assign(({ context }, params: { item: CartAddItem; qty: number }) => ({ items: addLine(context.items, params.item, params.qty) })),
    /** Never below the minimum quantity. */
    setQty: assign(({ context }, params: { id: string; qty: number }) => ({
      items: context.items.map((line) => (line.id === params.id ? { ...line, qty: Math.max(MIN_QTY, params.qty) } : line)),
    })),
    removeLine: assign(({ context }, params: { id: string }) => ({ items: context.items.filter((line) => line.id !== params.id) })),
    clearItems: assign({ items: [] }),
    persist: (_, _params: { items: CartItem[] }) => {
      throw new Error('provide persist');
    },
  },
  guards: {
    validAdd: ({ event }) =>
      event.type === 'cart.add' &&
      typeof event.item?.variantId === 'string' &&
      event.item.variantId !== '' &&
      typeof event.item.productId === 'string' &&
      (event.qty === undefined || (isCount(event.qty) && event.qty >= MIN_QTY)),
    validSetQty: ({ context, event }) =>
      event.type === 'cart.setQty' && isCount(event.qty) && context.items.some((line) => line.id === event.id && line.qty !== Math.max(MIN_QTY, event.qty)),
    hasLine: ({ context, event }) => event.type === 'cart.remove' && context.items.some((line) => line.id === event.id),
    notEmpty: ({ context }) => context.items.length > 0,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({ items: input.items ?? [] }),
  initial: 'closed',
  on: {
    'cart.add': {
      guard: 'validAdd',
      target: '.open',
      actions: [
        { type: 'addItem', params: ({ event }) => ({ item: event.item, qty: event.qty ?? 1 }) },
        { type: 'persist', params: ({ context }) => ({ items: context.items }) },
      ],
    },
    'cart.setQty': {
      guard: 'validSetQty',
      actions: [
        { type: 'setQty', params: ({ event }) => ({ id: event.id, qty: event.qty }) },
        { type: 'persist', params: ({ context }) => ({ items: context.items }) },
      ],
    },
    'cart.remove': {
      guard: 'hasLine',
      actions: [
        { type: 'removeLine', params: ({ event }) => ({ id: event.id }) },
        { type: 'persist', params: ({ context }) => ({ items: context.items }) },
      ],
    },
    'cart.clear': {
      guard: 'notEmpty',
      actions: ['clearItems', { type: 'persist', params: ({ context }) => ({ items: context.items }) }],
    },
  },
  states: {
    closed: {
      on: { 'drawer.open': 'open' },
    },
    open: {
      on: { 'drawer.close': 'closed' },
    },
  },
});

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export const selectItems = (snapshot: CartSnapshot) => snapshot.context.items;
/** SPEC §3 totalItems: the sum of quantities. */
export const selectCount = (snapshot: CartSnapshot) => snapshot.context.items.reduce((sum, line) => sum + line.qty, 0);
/** SPEC §3 subtotal in cents: the sum of price × qty. */
export const selectSubtotal = (snapshot: CartSnapshot) => snapshot.context.items.reduce((sum, line) => sum + line.price * line.qty, 0);
/** The currency totals are shown in: the first line's, else the default. */
export const selectCurrency = (snapshot: CartSnapshot) => snapshot.context.items[0]?.currency ?? DEFAULT_CURRENCY;
export const selectDrawerOpen = (snapshot: CartSnapshot) => snapshot.matches('open');
