import type { ResourceKey } from 'i18next';

// Each language × namespace is its own small file: a customer's phone fetches only what its page
// shows.
const files = import.meta.glob<ResourceKey>('./*/*.json', { import: 'default' });

/** The translation catalog of the customer pages (customer-main.tsx): one file per namespace. */
export function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  const load = files[`./${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No translations for ${language}/${namespace}`));
}
