import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { customerPageOf, idSchema } from '@gerbang/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { documentEncodingFor, loadConsoleDocuments } from './console-documents';

/**
 * Customer pages (contract CUSTOMER_PAGE_PATHS) may be embedded in a merchant's iframe (spec §2).
 * Every other console page refuses framing (clickjacking, ASVS V14.4.7).
 */
function isEmbeddable(url: string): boolean {
  return customerPageOf(url.split('?')[0] ?? '/') !== null;
}

/**
 * Content-hashed build output never changes under its name (nor its .br/.gz variants): entries and
 * styles as `<name>-<hash>`, other chunks as their hash alone. Everything else must be revalidated.
 */
const HASHED_ASSET = /[\\/]assets[\\/](?:[^\\/]+-)?[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.br|\.gz)?$/;
export function cacheControlOf(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** What a customer page's link names: a payment session (`?session=`) or a withdrawal (`?withdrawal=`). */
export type CustomerLink = { kind: 'session' | 'withdrawal'; id: string };
const LINK_KINDS = ['session', 'withdrawal'] as const;

function linkOf(url: string): CustomerLink | null {
  const params = new URL(url, 'http://x').searchParams;
  for (const kind of LINK_KINDS) {
    const id = params.get(kind);
    if (idSchema.safeParse(id).success) return { kind, id: id as string };
  }
  return null;
}

/**
 * Where a console reaches the API on its own origin (the web build's default backend URL,
 * apps/web/src/config/defaults.json): no CORS preflight before a request, no second connection.
 */
export const CONSOLE_API_PREFIX = '/api';

/**
 * `/api/auth/signin?x` → `/auth/signin?x`; null for a path outside the API's prefix, and for the
 * API's documentation (`/docs`): the only pages the API serves stay on its own origin, away from
 * the console's stored session.
 */
export function apiPathOf(url: string): string | null {
  if (!url.startsWith(CONSOLE_API_PREFIX)) return null;
  const rest = url.slice(CONSOLE_API_PREFIX.length);
  const path = rest === '' || rest.startsWith('?') ? `/${rest}` : rest.startsWith('/') ? rest : null;
  if (path === null) return null;
  // The API's router decodes a path before matching it (`/%64ocs` is `/docs` to it): so does this.
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split('?')[0] ?? '');
  } catch {
    return null;
  }
  return /^\/docs(?:\/|$)/.test(decoded) ? null : path;
}

/**
 * The console's HTTP server: requests and WebSocket upgrades under `/api` are handed, with the
 * prefix taken off, to the API's own server in this process (its socket.io and its routes, with
 * the browser's own connection, so the API sees the client's address); the rest to the console.
 */
function consoleHttpServer(api: Server | undefined) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: { keepAliveTimeout?: number },
  ) => {
    /** Whether the request is the API's; if so, its URL is now the API's own. */
    const isForApi = (request: IncomingMessage): boolean => {
      const apiPath = api ? apiPathOf(request.url ?? '/') : null;
      if (apiPath !== null) request.url = apiPath;
      return apiPath !== null;
    };
    const server = createServer((request, response) =>
      isForApi(request) ? api?.emit('request', request, response) : handler(request, response),
    );
    server.on('upgrade', (request, socket, head) =>
      isForApi(request) ? api?.emit('upgrade', request, socket, head) : socket.destroy(),
    );
    // Fastify sets its keep-alive (72 s) only on a server it creates itself: a phone keeps its
    // connection between a page's calls instead of opening one after five idle seconds.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    return server;
  };
}

/**
 * Serves one built console (a Vite dist folder) as a single-page app with strict headers. A
 * customer page that names a payment session or a withdrawal may be framed only by its merchant's
 * embed origins (none: by nobody); other customer pages by `embedFrameAncestors`. With `api`, the
 * API is reachable under the console's origin too (`/api`).
 */
export async function buildConsoleServer(options: {
  root: string;
  apiOrigin: string;
  /** The API's server in this process, answering under `/api`. */
  api?: Server;
  embedFrameAncestors: string;
  /** The embed origins of the merchant whose session or withdrawal a link names; null when there is none. */
  embedOriginsOfLink?: (link: CustomerLink) => Promise<string[] | null>;
  logger: boolean | object;
}): Promise<FastifyInstance> {
  if (!existsSync(join(options.root, 'index.html'))) {
    throw new Error(`Console build not found at ${options.root}: run npm run build`);
  }
  const app = Fastify({ logger: options.logger, serverFactory: consoleHttpServer(options.api) });
  const wsOrigin = options.apiOrigin.replace(/^http/, 'ws');
  const csp = (frameAncestors: string) =>
    [
      "default-src 'self'",
      `connect-src 'self' ${options.apiOrigin} ${wsOrigin}`,
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; ');

  async function frameAncestorsOf(url: string): Promise<string> {
    const link = linkOf(url);
    if (!link || !options.embedOriginsOfLink) return options.embedFrameAncestors;
    const origins = await options.embedOriginsOfLink(link);
    return origins && origins.length > 0 ? origins.join(' ') : "'none'";
  }

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (isEmbeddable(request.url)) {
      reply.header('content-security-policy', csp(await frameAncestorsOf(request.url)));
    } else {
      reply.header('content-security-policy', csp("'none'"));
      reply.header('x-frame-options', 'DENY');
    }
  });

  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    // `/` is a page like the others: the not-found handler below answers it.
    index: false,
    // The build writes .br and .gz siblings (apps/web/scripts/precompress.mjs); the request's
    // Accept-Encoding picks one, with Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlOf(path));
    },
  });
  // The customer pages have their own small document (apps/web/customer.html) where the build made
  // one: a customer's phone never downloads the console.
  const customerDocument = existsSync(join(options.root, 'customer.html')) ? 'customer.html' : 'index.html';
  const consoleDocumentFor = loadConsoleDocuments(options.root);
  // Client-side routes: anything that is not a file gets the app shell.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send();
    const path = request.url.split('?')[0] ?? '';
    if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).send();
    reply.header('cache-control', 'no-cache');
    if (customerPageOf(path)) return reply.sendFile(customerDocument);
    const document = consoleDocumentFor(path);
    reply.header('vary', 'accept-encoding').header('etag', document.etag);
    if (request.headers['if-none-match'] === document.etag) return reply.status(304).send();
    const encoding = documentEncodingFor(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(document[encoding]);
  });
  return app;
}

/**
 * Closes the API and the consoles that hand it connections together: a console's server waits for
 * every connection it accepted, the realtime sockets and event streams it handed to the API
 * included, and those end only in the API's own closing hooks.
 */
export async function closeServers(servers: readonly FastifyInstance[]): Promise<void> {
  await Promise.all(servers.map((server) => server.close().catch(() => {})));
}
