/**
 * Values worked out from a key and kept for the next time the same key comes (parsed headers and
 * query strings, planned statements): at most `limit`, the oldest going first (first in, first out —
 * a value still in use when it goes is worked out once more, which is cheaper than reordering on
 * every use). Kept values are shared, so they must never be changed.
 */
export class Memo<K, V> {
  private readonly kept = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for key, else `make()` — kept unless `keep` says no (then made every time). */
  get(key: K, make: () => V, keep: (value: V) => boolean = () => true): V {
    if (this.kept.has(key)) return this.kept.get(key) as V;
    const value = make();
    if (keep(value)) {
      if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value as K);
      this.kept.set(key, value);
    }
    return value;
  }
}
