/** When the last reload for a missing chunk happened (sessionStorage, so per tab). */
export const CHUNK_RELOAD_KEY = 'npng.chunkReload';
/** A second failure within this time is not a stale page but a real outage: no reload loop. */
const MIN_INTERVAL_MS = 10_000;

/**
 * A deploy replaces the hashed chunks; a tab opened before it then fails to load a lazy screen or
 * overlay (Vite reports `vite:preloadError`). Loading the page again fetches the new build, so the
 * shopper sees the screen they asked for instead of an error. At most once per 10 s per tab; a
 * failure within that window goes on to the error boundaries as usual.
 */
export function installChunkReload(win: Window = window, storage: () => Storage = () => win.sessionStorage, now: () => number = Date.now): () => void {
  const onPreloadError = (event: Event) => {
    try {
      // Storage is read only here: with storage blocked, merely touching it throws.
      const store = storage();
      if (now() - Number(store.getItem(CHUNK_RELOAD_KEY) ?? 0) < MIN_INTERVAL_MS) return;
      store.setItem(CHUNK_RELOAD_KEY, String(now()));
    } catch {
      // Storage blocked or full: without the guard a reload could loop, so report the error instead.
      return;
    }
    event.preventDefault();
    win.location.reload();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}
