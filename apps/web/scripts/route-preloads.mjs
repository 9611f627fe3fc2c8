// What each console page downloads after the document, written beside Vite's manifest
// (.vite/route-preloads.json) for the console server, which names a page's `files` in the
// document as <link rel="modulepreload">: the browser then fetches them with the entry's scripts,
// instead of one round trip later when the entry has run. A console page's own code, its
// translations and the schemas (`afterFirstFrame`) are not named: they load once the layout's
// first frame is on screen (src/lib/first-frame.ts), so that on a phone's slow link they do not
// share its bandwidth and its six connections with the layout's files. A page drawn with its
// layout (`drawnWithLayout`: its own text is its largest paint) names its code and texts with the
// layout's; the schemas it parses with still load after its first frame. Each entry says which
// layout the page has, for the bundle check.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Vite's manifest of a console's build (`.vite/manifest.json`), with an entry for each of the app's
 * modules that has none: a module the bundler put in a shared file (a page in its feature's file)
 * reads as that file's entry (vite.config.ts writes which file each module ended in).
 */
export function readManifest(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const chunkOfModule = join(dist, '.vite/chunk-of-module.json');
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  for (const [module, file] of Object.entries(JSON.parse(readFileSync(chunkOfModule, 'utf8')))) {
    const key = keyOfFile.get(file);
    if (!(module in manifest) && key) manifest[module] = manifest[key];
  }
  return manifest;
}

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

/** The module a route row's `load: () => import('./routes/…')` names, as a key of readManifest()'s. */
function pageModuleOf(route) {
  const specifier = /import\(\s*["'](\.\/routes\/[^"']+)["']\s*\)/.exec(String(route.load))?.[1];
  if (!specifier) throw new Error(`route ${route.path}: load must be () => import('./routes/…')`);
  return `src/app/${specifier.slice(2)}.tsx`;
}

/**
 * What a page's first load asks for: `now`, before the first render, and, on a console page,
 * `afterFirstFrame`. The translations are in English: i18next loads the fallback language's
 * namespaces whatever the reader's language (src/lib/i18n.ts), so they are needed on every first
 * load.
 */
function modulesOf(route, consoleKind) {
  const own = [pageModuleOf(route), ...(route.namespaces ?? []).map((namespace) => `src/locales/en/${namespace}.json`)];
  if (route.layout === 'console') {
    // The layout and its own texts (sidebar, headers): main.tsx waits for both before the first render.
    const layout = [
      'src/locales/en/startup.ts',
      `src/app/layouts/${consoleKind}-layout.tsx`,
      'src/locales/en/console.json',
    ];
    // A page drawn with its layout (its own content is its first look) is part of that first frame;
    // its code names no schema: it parses its answers with schemas loaded after the frame.
    if (route.drawnWithLayout) return { now: [...layout, ...own], afterFirstFrame: ['src/lib/session-requests.ts'] };
    // Any other page, its texts and the session's calls (which bring the schemas): src/app/router.tsx.
    return { now: layout, afterFirstFrame: [...own, 'src/lib/session-requests.ts'] };
  }
  return {
    now: [...own, 'src/locales/en/startup.ts', ...(route.withoutQueryCache ? [] : ['src/lib/query-cache.tsx'])],
    afterFirstFrame: [],
  };
}

/**
 * Writes dist/.vite/route-preloads.json: for each path of the console's route table (the one
 * src/main.tsx imports as `#console-routes`), the JavaScript files it loads that the document does
 * not already name: those the document names as modulepreload links (`files`) and those a console
 * page asks for after its layout's first frame (`afterFirstFrame`).
 */
export function writeRoutePreloads(dist, routes, consoleKind) {
  const manifest = readManifest(dist);
  const inDocument = chunkFiles(manifest, 'index.html');
  const javascriptOf = (modules, known) => {
    const files = new Set();
    for (const module of modules) chunkFiles(manifest, module, files);
    return [...files].filter((file) => file.endsWith('.js') && !known.has(file));
  };
  const preloads = routes.map((route) => {
    const { now, afterFirstFrame } = modulesOf(route, consoleKind);
    const files = javascriptOf(now, inDocument);
    return {
      path: route.path,
      layout: route.layout,
      files,
      afterFirstFrame: javascriptOf(afterFirstFrame, new Set([...inDocument, ...files])),
    };
  });
  writeFileSync(join(dist, '.vite/route-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
}
