/**
 * Requests started before the screen that shows their answer has rendered (a visit's first screen
 * while its code loads: src/app/routes.tsx; the admin dashboard while is_admin() is asked), handed
 * to the screen's first call for the same data, once. A failed early request is handed over as it
 * is: the screen shows the failure and its Try again asks anew.
 */
const early = new Map<string, Promise<unknown>>();

export function takeEarly<T>(key: string): Promise<T> | undefined {
  const pending = early.get(key) as Promise<T> | undefined;
  early.delete(key);
  return pending;
}

/** Starts `load` unless a request for `key` is already waiting to be taken (`fresh`: start anew anyway). */
export function startEarly<T>(key: string, load: () => Promise<T>, { fresh = false }: { fresh?: boolean } = {}): Promise<T> {
  const pending = (!fresh && (early.get(key) as Promise<T> | undefined)) || load();
  pending.catch(() => undefined); // nobody may ever take it
  early.set(key, pending);
  return pending;
}
