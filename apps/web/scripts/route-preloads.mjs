// What each console page downloads after the document, written beside Vite's manifest
// (.vite/route-preloads.json) for the console server, which names those files in the document as
// <link rel="modulepreload">: the browser then fetches a page's code, its layout and translations
// with the entry's scripts, instead of one round trip later when the entry has run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The files (JavaScript and styles) a manifest entry loads: its own and its static imports'. */
export function chunkFiles(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`"${key}" is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
  return files;
}

/** The module a route row's `load: () => import('./routes/…')` names, as a manifest key. */
function pageModuleOf(route) {
  const specifier = /import\(\s*["'](\.\/routes\/[^"']+)["']\s*\)/.exec(String(route.load))?.[1];
  if (!specifier) throw new Error(`route ${route.path}: load must be () => import('./routes/…')`);
  return `src/app/${specifier.slice(2)}.tsx`;
}

/**
 * The translations are preloaded in English: i18next loads the fallback language's namespaces
 * whatever the reader's language (src/lib/i18n.ts), so they are needed on every first load.
 */
function modulesOf(route, consoleKind) {
  const modules = [pageModuleOf(route), 'src/locales/en/startup.ts'];
  for (const namespace of route.namespaces ?? []) modules.push(`src/locales/en/${namespace}.json`);
  if (route.layout === 'console') {
    // The layout's own texts (sidebar, headers) with it: main.tsx waits for both before the first render.
    modules.push(
      `src/app/layouts/${consoleKind}-layout.tsx`,
      'src/locales/en/console.json',
      'src/lib/session-requests.ts',
    );
  } else if (!route.withoutQueryCache) {
    modules.push('src/lib/query-cache.tsx');
  }
  return modules;
}

/**
 * Writes dist/.vite/route-preloads.json: for each path of the console's route table (src/app/router.tsx
 * routesForConsole), the JavaScript files it loads that the document does not already name.
 */
export function writeRoutePreloads(dist, routes, consoleKind) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const inDocument = chunkFiles(manifest, 'index.html');
  const preloads = routes.map((route) => {
    const files = new Set();
    for (const module of modulesOf(route, consoleKind)) chunkFiles(manifest, module, files);
    return { path: route.path, files: [...files].filter((file) => file.endsWith('.js') && !inDocument.has(file)) };
  });
  writeFileSync(join(dist, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
}
