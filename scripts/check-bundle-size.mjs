// Budgets of what a browser downloads, measured on the real HTTP responses of the console server
// (issues 2 and 10; research performance-and-reliability.md §2): a page's first load is what its
// document, as the server answers it, makes the browser fetch (the entry's scripts and styles and
// the files named as modulepreload links: an account page's own, a console page's layout), and,
// for the signed-in shell, what it asks for after its first frame, each requested as Chromium
// requests it (Accept-Encoding: br, gzip), the bytes of the body as sent summed. Sizes do not vary
// between runs, so `npm test` checks them.
// - sign-in route: the sign-in page's own files (its code and the startup translations) ≤ 120 KB;
// - sign-in first load: everything needed to show the sign-in page: its JavaScript ≤ 120 KB both
//   as Chromium downloads it (brotli) and as gzip (issue 10), without the query cache, which only
//   pages that read the API load;
// - shell: the start page signed in, with what it loads right after its first frame (its own
//   code, texts and the schemas: .vite/route-preloads.json's `afterFirstFrame`; the realtime
//   client; zod's settings; the alert bell's live part), ≤ 250 KB;
// - layout without zod: the files a signed-in page's layout imports carry no zod (issue 31: the
//   sidebar and header, the largest paint, draw before the schemas have loaded and run), and are
//   only the shared groups and the layout's own file: no page's, feature's or other console's code
//   (a file more before the first paint costs a phone a round trip);
// - after the first frame: what each signed-in page downloads once its layout is on screen (its
//   code, texts and the schemas: .vite/route-preloads.json's `afterFirstFrame`), as sent,
//   ≤ 64 KB, the analytics page's charts ≤ 96 KB (issue 31: a page's own content paints when they
//   have arrived; merchant pages grouped as one feature again would load 66–71 KB each);
// - first frames without zod: no signed-in page's document names a file carrying zod, those of the
//   pages drawn with their layout included (their answers are parsed after their first frame);
// - route preloads: every page's document, as the server answers it, names that page's own files
//   (.vite/route-preloads.json) as modulepreload links and none of those it loads after its first
//   frame, and each of them is served.
// - customer pages (issues 7 and 8): a customer's first load of /deposit and of /withdraw, served
//   from the customer pages' own build (customer.html) with gzip only (an old phone's browser): the
//   JavaScript of each ≤ 100 KB.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { register } = await import('tsx/esm/api');
register();
const { buildConsoleServer } = await import('../apps/server/src/consoles/console-server.ts');
const { chunkFiles, readManifest } = await import('../apps/web/scripts/route-preloads.mjs');

const KB = 1024;
const root = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
// TanStack Query's own messages: the sign-in page loads without the query cache (issue 10).
const QUERY_CACHE_CODE = /No QueryClient set|Missing queryFn/;
// zod 4 keeps each schema's internals under `_zod`; no other code the consoles ship says it.
const ZOD_CODE = /\b_zod\b/;
/** A file whose whole code is imports and one `export {…} from './other.js'`: it carries nothing. */
const ONLY_REEXPORTS = /^(?:import\{[^}]*\}from"\.\/[\w-]+\.js";)*export\{[^}]*\}from"\.\/[\w-]+\.js";?\s*$/;
/** The chunk groups a layout may import (apps/web/scripts/console-chunks.ts), and Rolldown's runtime. */
const LAYOUT_GROUPS = new Set(['rolldown-runtime', 'vendor', 'shell', 'base', 'console']);
const BUDGETS = [
  { name: 'sign-in route', document: 'auth/signin', withEntry: false, maxBytes: 120 * KB },
  {
    name: 'sign-in first load',
    document: 'auth/signin',
    withEntry: true,
    // Issue 10's figure is of JavaScript as gzip; the document and styles are printed beside it.
    javascriptOnly: true,
    maxBytes: 120 * KB,
    mustNotContain: { pattern: QUERY_CACHE_CODE, what: 'the query cache (TanStack Query)' },
  },
  {
    name: 'shell',
    document: '',
    withEntry: true,
    afterFirstFrame: ['src/lib/realtime.ts', 'src/lib/zod-config.ts', 'src/features/alerts/components/alert-bell.tsx'],
    maxBytes: 250 * KB,
  },
];
/** What a page may download after its layout's first frame, as sent; by path, where a page needs more. */
const AFTER_FIRST_FRAME_BUDGET = { default: 64 * KB, '/analytics': 96 * KB };
const CUSTOMER_PAGES = [
  { name: 'deposit', url: '/deposit?session=x', module: 'src/app/routes/customer/deposit.tsx', namespace: 'deposit' },
  {
    name: 'withdraw',
    url: '/withdraw?withdrawal=x',
    module: 'src/app/routes/customer/withdraw.tsx',
    namespace: 'withdraw',
  },
];
const CUSTOMER_PAGE_JS_BUDGET = 100 * KB;
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

let failed = 0;
for (const target of ['admin', 'merchant']) {
  const dist = join(root, target);
  const manifest = readManifest(dist);
  const server = await buildConsoleServer({
    root: dist,
    apiOrigin: 'http://localhost:8080',
    embedFrameAncestors: "'self'",
    logger: false,
  });
  /** The body's bytes as the server sends them to a browser (Chromium, unless told), and how they were encoded. */
  const sent = async (file, acceptEncoding = BROWSER_ENCODINGS) => {
    const res = await server.inject({ url: `/${file}`, headers: { 'accept-encoding': acceptEncoding } });
    if (res.statusCode !== 200) throw new Error(`/${file} answered ${res.statusCode}`);
    return { bytes: res.rawPayload.length, encoding: res.headers['content-encoding'] ?? 'identity' };
  };
  const entry = chunkFiles(manifest, 'index.html');
  const routes = JSON.parse(readFileSync(join(dist, '.vite/route-preloads.json'), 'utf8'));
  for (const budget of BUDGETS) {
    const named = await documentFiles(server, budget.document);
    const files = new Set(named.filter((file) => budget.withEntry || !entry.has(file)));
    if (budget.afterFirstFrame) {
      for (const module of budget.afterFirstFrame) for (const file of chunkFiles(manifest, module)) files.add(file);
      const page = routes.find((route) => route.path === `/${budget.document}`);
      for (const file of page?.afterFirstFrame ?? []) files.add(file);
    }
    const html = budget.withEntry ? await sent(budget.document) : { bytes: 0, encoding: 'identity' };
    let all = html.bytes;
    let javascript = 0;
    let javascriptGzip = 0;
    const encodings = new Set(budget.withEntry ? [html.encoding] : []);
    for (const file of files) {
      const answer = await sent(file);
      all += answer.bytes;
      encodings.add(answer.encoding);
      if (!file.endsWith('.js')) continue;
      javascript += answer.bytes;
      javascriptGzip += (await sent(file, 'gzip')).bytes;
    }
    // Issue 10 states the sign-in figure as gzip: a browser without brotli must fit it too.
    const bytes = budget.javascriptOnly ? Math.max(javascript, javascriptGzip) : all;
    const ok = bytes <= budget.maxBytes;
    if (!ok) failed += 1;
    const carrying = budget.mustNotContain
      ? [...files].filter((file) => budget.mustNotContain.pattern.test(readFileSync(join(dist, file), 'utf8')))
      : [];
    if (carrying.length > 0) {
      failed += 1;
      console.log(`OVER ${target} ${budget.name} carries ${budget.mustNotContain.what}: ${carrying.join(', ')}`);
    }
    const what = budget.javascriptOnly
      ? `${(javascript / KB).toFixed(1)} KB of JavaScript as sent (${(javascriptGzip / KB).toFixed(1)} KB as gzip), ${(all / KB).toFixed(1)} KB with the document and styles`
      : `${(all / KB).toFixed(1)} KB as sent`;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${target} ${budget.name}: ${what} (${[...encodings].join(', ')}; budget ${budget.maxBytes / KB} KB, ${files.size + (budget.withEntry ? 1 : 0)} files)`,
    );
  }
  failed += checkLayoutWithoutZod(dist, manifest, target);
  failed += checkFirstFramesWithoutZod(dist, routes, target);
  failed += checkNoReexportingFiles(dist, target);
  failed += await checkAfterFirstFrame(routes, sent, target);
  failed += await checkRoutePreloads(routes, server, target);
  if (target === 'admin') {
    for (const customerPage of CUSTOMER_PAGES) failed += await checkCustomerPage(dist, server, customerPage);
  }
  await server.close();
}

/**
 * No file only re-exports another: each was one request more for the page that loads it (before the
 * first frame of a page drawn with its layout). Rolldown writes them for a page whose module sits
 * in a chunk group when its chunk merging is off, as a top-level await anywhere turns it off.
 */
function checkNoReexportingFiles(dist, target) {
  const assets = join(dist, 'assets');
  const reexporting = readdirSync(assets).filter(
    (file) => file.endsWith('.js') && ONLY_REEXPORTS.test(readFileSync(join(assets, file), 'utf8')),
  );
  const ok = reexporting.length === 0;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${target} no file only re-exports another${ok ? '' : `: ${reexporting.join(', ')} (a top-level await turns Rolldown's chunk merging off)`}`,
  );
  return ok ? 0 : 1;
}

function carriesZod(dist, file) {
  return ZOD_CODE.test(readFileSync(join(dist, file), 'utf8'));
}

/**
 * A signed-in page's layout (sidebar, header: the largest paint) draws before zod and the
 * contract's schemas have run (issue 31): none of the files it imports carries zod. And they are
 * the shared groups and its own file only: a file of another console's layout or of a page would
 * be one more before the first paint.
 */
function checkLayoutWithoutZod(dist, manifest, target) {
  const layout = `src/app/layouts/${target}-layout.tsx`;
  const layoutFiles = chunkFiles(manifest, layout);
  const files = [...layoutFiles].filter((file) => file.endsWith('.js'));
  const carrying = files.filter((file) => carriesZod(dist, file));
  const nameOf = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.name]));
  const stray = files.filter((file) => file !== manifest[layout].file && !LAYOUT_GROUPS.has(nameOf.get(file)));
  const problems = [
    ...(carrying.length > 0 ? [`${carrying.join(', ')} carry zod`] : []),
    ...stray.map((file) => `${file} (${nameOf.get(file)}) is not the layout's`),
  ];
  const ok = problems.length === 0;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${target} layout without zod, of its own files and the shared groups only${ok ? '' : `: ${problems.join('; ')}`} (${layoutFiles.size} files)`,
  );
  return ok ? 0 : 1;
}

/**
 * No signed-in page's document names a file carrying zod: a page drawn with its layout (its own
 * text is its largest paint) parses its answers with schemas loaded after that frame
 * (apps/web/src/lib/parsed-after-first-frame.ts), as every other page loads its code then.
 */
function checkFirstFramesWithoutZod(dist, routes, target) {
  const consolePages = routes.filter((route) => route.layout === 'console');
  const carrying = consolePages.flatMap((route) =>
    route.files.filter((file) => carriesZod(dist, file)).map((file) => `${route.path} names ${file}`),
  );
  const ok = carrying.length === 0;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${target} first frames without zod: ${consolePages.length} signed-in pages' documents name no file carrying it${ok ? '' : `: ${carrying.join('; ')} (zod)`}`,
  );
  return ok ? 0 : 1;
}

/**
 * What each page downloads after its layout's first frame, as sent to Chromium, within its budget:
 * the page's own content (its largest paint, where the header's is smaller) waits for it.
 */
async function checkAfterFirstFrame(routes, sent, target) {
  const over = [];
  let largest = { path: '', bytes: 0 };
  for (const route of routes) {
    if (route.afterFirstFrame.length === 0) continue;
    let bytes = 0;
    for (const file of route.afterFirstFrame) bytes += (await sent(file)).bytes;
    const budget = AFTER_FIRST_FRAME_BUDGET[route.path] ?? AFTER_FIRST_FRAME_BUDGET.default;
    if (bytes > budget) over.push(`${route.path} ${(bytes / KB).toFixed(1)} KB (budget ${budget / KB} KB)`);
    if (bytes > largest.bytes) largest = { path: route.path, bytes };
  }
  const ok = over.length === 0;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${target} after the first frame: ${ok ? 'every page within its budget' : 'pages over their budget'} (${AFTER_FIRST_FRAME_BUDGET.default / KB} KB; /analytics ${AFTER_FIRST_FRAME_BUDGET['/analytics'] / KB} KB); the most ${largest.path} ${(largest.bytes / KB).toFixed(1)} KB as sent${ok ? '' : `: ${over.join('; ')}`}`,
  );
  return ok ? 0 : 1;
}

/** The files a page's document, as the server answers it, makes the browser fetch. */
async function documentFiles(server, path) {
  const body = (await server.inject({ url: `/${path}` })).body;
  return [...body.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]);
}

/**
 * Each page's document names the files of that page (.vite/route-preloads.json) as modulepreload
 * links, and none of those it loads after its first frame; the server has every one of them.
 */
async function checkRoutePreloads(routes, server, target) {
  const problems = [];
  const isServed = async (file) => (await server.inject({ url: `/${file}` })).statusCode === 200;
  for (const route of routes) {
    const url = route.path.replace(/:[^/]+/g, 'x');
    const body = (await server.inject({ url })).body;
    const named = [...body.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    for (const file of route.files) {
      if (!named.includes(file)) problems.push(`${url} does not name ${file}`);
      else if (!(await isServed(file))) problems.push(`${file} is not served`);
    }
    for (const file of route.afterFirstFrame) {
      if (named.includes(file)) problems.push(`${url} names ${file}, which loads after its first frame`);
      else if (!(await isServed(file))) problems.push(`${file} is not served`);
    }
    if (route.files.length === 0) problems.push(`${url} names no file of its own`);
  }
  const ok = problems.length === 0;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${target} route preloads: ${routes.length} pages, each document names its own files and not those after its first frame${ok ? '' : `: ${problems.join('; ')}`}`,
  );
  return ok ? 0 : 1;
}

/** A customer page as a customer first opens it: its document, entry, page and translations. */
async function checkCustomerPage(dist, server, customerPage) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/customer-manifest.json'), 'utf8'));
  const page = await server.inject({ url: customerPage.url, headers: { 'accept-encoding': 'gzip' } });
  const files = new Set();
  const keys = ['customer.html', customerPage.module, 'src/locales/en/common.json'];
  for (const key of [...keys, `src/locales/en/${customerPage.namespace}.json`]) chunkFiles(manifest, key, files);
  const document = (await server.inject({ url: customerPage.url })).body;
  if (!document.includes(manifest['customer.html'].file)) {
    throw new Error(`${customerPage.url} is not answered with customer.html`);
  }
  let js = 0;
  let all = page.rawPayload.length;
  for (const file of files) {
    const res = await server.inject({ url: `/${file}`, headers: { 'accept-encoding': 'gzip' } });
    all += res.rawPayload.length;
    if (file.endsWith('.js')) js += res.rawPayload.length;
  }
  const ok = js <= CUSTOMER_PAGE_JS_BUDGET;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${customerPage.name} page first load: ${(js / KB).toFixed(1)} KB of JavaScript as sent (gzip; budget ${CUSTOMER_PAGE_JS_BUDGET / KB} KB), ${(all / KB).toFixed(1)} KB with the document and styles, ${files.size + 1} files`,
  );
  return ok ? 0 : 1;
}
process.exit(failed > 0 ? 1 : 0);
