import { useSyncExternalStore } from 'react';

/**
 * How many route modules (a page with its translations, a console layout) are downloading. The
 * router keeps the current page on screen while the next one loads; this tells the progress bar.
 */
let inFlight = 0;
const listeners = new Set<() => void>();

function setInFlight(next: number): void {
  inFlight = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Counts `load` while it runs. React starts a lazy module's load while rendering, where no state
 * may change, so the count moves a microtask later.
 */
export function trackPageLoad<T>(load: () => Promise<T>): Promise<T> {
  const loading = load();
  queueMicrotask(() => setInFlight(inFlight + 1));
  const settle = () => queueMicrotask(() => setInFlight(inFlight - 1));
  loading.then(settle, settle);
  return loading;
}

export function useIsPageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inFlight > 0,
    () => false,
  );
}
