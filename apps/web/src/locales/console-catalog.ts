import type { ResourceKey } from 'i18next';
import { STARTUP_NAMESPACES } from '../lib/i18n';

// The namespaces every page starts with come in one file per language (<language>/startup.ts);
// the others one file each, with the pages that show them. The customer pages' own namespaces
// (CUSTOMER_PAGE_NAMESPACES) are left out: those pages are documents of their own
// (customer.html), and every entry here is bytes of the sign-in page's first load.
const startupFiles = import.meta.glob<Record<string, ResourceKey>>('./*/startup.ts', { import: 'default' });
const files = import.meta.glob<ResourceKey>(['./*/*.json', '!./*/{common,errors,auth,deposit,withdraw}.json'], {
  import: 'default',
});

/** The translation catalog of the consoles (main.tsx). */
export async function loadConsoleNamespace(language: string, namespace: string): Promise<ResourceKey> {
  if ((STARTUP_NAMESPACES as readonly string[]).includes(namespace)) {
    const load = startupFiles[`./${language}/startup.ts`];
    const bundle = load && (await load())[namespace];
    if (bundle) return bundle;
  } else {
    const load = files[`./${language}/${namespace}.json`];
    if (load) return load();
  }
  throw new Error(`No translations for ${language}/${namespace}`);
}
