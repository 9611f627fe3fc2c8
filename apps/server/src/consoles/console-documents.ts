import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One console document, encoded once for each way a browser may ask for it. */
export type ConsoleDocument = { identity: Buffer; br: Buffer; gzip: Buffer; etag: string };
export type DocumentEncoding = 'br' | 'gzip' | 'identity';

/**
 * A row of .vite/route-preloads.json (apps/web/scripts/route-preloads.mjs): the document names
 * `files`; a console page asks for the rest itself after its layout's first frame.
 */
type RoutePreloads = { path: string; files: string[] };

function encode(html: string): ConsoleDocument {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/** A route pattern of the route table (`/device/:id`) against an address's path. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/**
 * The console's document (index.html) for each page of its route table: the same document, naming
 * besides the entry's scripts the files that page loads next (a console page's layout and its
 * texts; an account page's code) as `<link rel="modulepreload">`, so that the browser fetches them
 * at once instead of after the entry has run. Built once at start; a path outside the table gets
 * the plain document.
 */
export function loadConsoleDocuments(root: string): (pathname: string) => ConsoleDocument {
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const plain = encode(html);
  const preloadsFile = join(root, '.vite/route-preloads.json');
  if (!existsSync(preloadsFile)) return () => plain;
  const routes = (JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreloads[]).map((route) => {
    const links = route.files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
    return { path: route.path, document: encode(html.replace('</head>', `  ${links}\n  </head>`)) };
  });
  return (pathname) => routes.find((route) => matches(route.path, pathname))?.document ?? plain;
}

/** br if the browser takes it, else gzip, else none; `q=0` refuses an encoding. */
export function documentEncodingFor(acceptEncoding: string | undefined): DocumentEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
