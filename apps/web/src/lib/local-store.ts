/**
 * localStorage, or memory when the browser refuses it: a customer page framed by a merchant's
 * site is a third-party document, and browsers that block third-party storage throw on the mere
 * read of `window.localStorage`. The page must still work there (it keeps nothing for long).
 */
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const localStore = {
  get(key: string): string | null {
    const store = storage();
    return store ? store.getItem(key) : (memory.get(key) ?? null);
  },
  set(key: string, value: string): void {
    const store = storage();
    if (store) store.setItem(key, value);
    else memory.set(key, value);
  },
  remove(key: string): void {
    const store = storage();
    if (store) store.removeItem(key);
    else memory.delete(key);
  },
};
