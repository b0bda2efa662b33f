import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, createCartActor, restoreCart, saveCart } from '../../src/app/actors/cart';
import { selectItems } from '../../machines/cartMachine';

const line = { id: 'line-v1', productId: 'p1', variantId: 'v1', title: 'Grind Tee', price: 2999, image: '/tee.png', size: 'M', color: 'Black', qty: 2, currency: 'EUR' };

function memory(initial?: string): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set(CART_STORAGE_KEY, initial);
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('restoreCart', () => {
  it('uses a versioned key', () => {
    expect(CART_STORAGE_KEY).toMatch(/\.v\d+$/);
  });

  it('reads back what saveCart wrote', () => {
    const storage = memory();
    saveCart(storage, [line]);
    expect(restoreCart(storage)).toEqual([line]);
  });

  it.each([
    ['nothing stored', undefined],
    ['unreadable JSON', '{"items": ['],
    ['not a list', '{"items":[]}'],
    ['null', 'null'],
  ])('%s → empty cart', (_, raw) => {
    expect(restoreCart(memory(raw))).toEqual([]);
  });

  it('drops lines with a wrong shape or bad numbers, keeps the good ones', () => {
    const bad = [
      null,
      'line',
      { ...line, variantId: '' },
      { ...line, productId: 42 },
      { ...line, qty: 0 },
      { ...line, qty: 1.5 },
      { ...line, qty: '2' },
      { ...line, price: -1 },
      { ...line, price: Number.NaN },
      { ...line, price: 12.5 },
      { ...line, image: 7 },
      { ...line, currency: 'euro' },
      { ...line, title: { en: 'x' } },
    ];
    const good = { ...line, variantId: 'v2', id: 'whatever' };
    expect(restoreCart(memory(JSON.stringify([...bad, good])))).toEqual([{ ...good, id: 'line-v2' }]);
  });

  it('fills the spec defaults for optional fields and keeps one line per variant', () => {
    const minimal = { productId: 'p3', variantId: 'v3', price: 0, qty: 1 };
    const items = restoreCart(memory(JSON.stringify([minimal, { ...minimal, qty: 5 }])));
    expect(items).toEqual([{ id: 'line-v3', productId: 'p3', variantId: 'v3', title: 'Product', price: 0, image: null, size: null, color: null, qty: 1, currency: 'USD' }]);
  });

  it('never throws when storage itself throws', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(restoreCart(blocked)).toEqual([]);
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => saveCart(full, [line])).not.toThrow();
  });
});

describe('createCartActor', () => {
  it('starts with the stored lines and does not write them back at start', () => {
    const storage = memory(JSON.stringify([line]));
    const writes: string[] = [];
    const setItem = storage.setItem;
    storage.setItem = (k, v) => {
      writes.push(v);
      setItem(k, v);
    };
    const actor = createCartActor(storage).start();
    expect(selectItems(actor.getSnapshot())).toEqual([line]);
    expect(writes).toEqual([]);
    actor.send({ type: 'cart.add', item: { productId: 'p1', variantId: 'v1' } });
    expect(writes).toHaveLength(1);
    expect(JSON.parse(storage.data.get(CART_STORAGE_KEY) ?? '')).toEqual([{ ...line, qty: 3 }]);
    actor.send({ type: 'cart.clear' });
    expect(restoreCart(storage)).toEqual([]);
    actor.stop();
  });

  it('keeps working when storage is full', () => {
    const storage = memory();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const actor = createCartActor(storage).start();
    actor.send({ type: 'cart.add', item: { productId: 'p1', variantId: 'v1' } });
    expect(selectItems(actor.getSnapshot())).toHaveLength(1);
    expect(actor.getSnapshot().status).toBe('active');
  });
});
