/** A Storage kept in memory: what the app uses when the browser's storage is switched off. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/**
 * The browser's localStorage, or an in-memory stand-in where reaching it throws (storage or
 * cookies blocked): the shop then works for the visit and simply remembers nothing.
 */
export function browserStorage(): Storage {
  try {
    const storage = window.localStorage;
    if (storage) return storage;
  } catch {
    // SecurityError: storage is disabled for this site.
  }
  return memoryStorage();
}
