import { createActor } from 'xstate';
import { cartMachine, DEFAULT_CURRENCY, lineId, MIN_QTY, type CartItem } from '../../../machines/cartMachine';
import { browserStorage } from './storage';

/** The version is part of the key: a new line shape gets a new key instead of misreading old data. */
export const CART_STORAGE_KEY = 'npng.cart.v1';

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';
const textOrNull = (value: unknown): value is string | null => value === null || value === undefined || typeof value === 'string';

/** One stored line, or null when it is not a line we could have written. */
function readLine(value: unknown): CartItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const line = value as Record<string, unknown>;
  const { productId, variantId, title, price, image, size, color, qty, currency } = line;
  if (!text(productId) || !text(variantId)) return null;
  if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0) return null;
  if (typeof qty !== 'number' || !Number.isSafeInteger(qty) || qty < MIN_QTY) return null;
  if (!textOrNull(image) || !textOrNull(size) || !textOrNull(color)) return null;
  if (title !== undefined && typeof title !== 'string') return null;
  if (currency !== undefined && !(typeof currency === 'string' && /^[A-Z]{3}$/.test(currency))) return null;
  return {
    id: lineId(variantId),
    productId,
    variantId,
    title: title || 'Product',
    price,
    image: image ?? null,
    size: size ?? null,
    color: color ?? null,
    qty,
    currency: currency ?? DEFAULT_CURRENCY,
  };
}

/**
 * The saved lines, or an empty cart when storage is blocked or holds something unreadable.
 * Lines that are not valid are dropped; a variant stored twice keeps its first line.
 */
export function restoreCart(storage: Pick<Storage, 'getItem'>): CartItem[] {
  let raw: string | null;
  try {
    raw = storage.getItem(CART_STORAGE_KEY);
  } catch {
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: CartItem[] = [];
  for (const value of parsed) {
    const line = readLine(value);
    if (line && !items.some((other) => other.variantId === line.variantId)) items.push(line);
  }
  return items;
}

/** Saves the lines; a full or blocked storage means the cart is simply not remembered. */
export function saveCart(storage: Pick<Storage, 'setItem'>, items: CartItem[]): void {
  try {
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Quota exceeded or storage disabled (private mode).
  }
}

export function createCartActor(storage: Storage = browserStorage()) {
  const machine = cartMachine.provide({
    actions: { persist: (_, { items }) => saveCart(storage, items) },
  });
  return createActor(machine, { input: { items: restoreCart(storage) } });
}
