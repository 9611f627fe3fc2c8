import http from 'node:http';
import net from 'node:net';
import { createServer as createSocksServer } from '@pondwader/socks5-server';
import { createProxy } from 'proxy';

/** Shared by the proxies module's tests: real servers on loopback, and an API helper. */

export { api } from '../../../test/helpers/test-api';

export type Running = { port: number; close(): Promise<void> };

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

function closer(server: net.Server, sockets: Set<net.Socket>) {
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

/** The check URL: answers `{"ip": "<the address it saw>"}`, optionally slowly, counting requests in flight. */
export async function startCheckServer(options: { delayMs?: number } = {}) {
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    stats.requests++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    setTimeout(() => {
      stats.inFlight--;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ip: req.socket.remoteAddress }));
    }, options.delayMs ?? 0);
  });
  const sockets = new Set<net.Socket>();
  const close = closer(server, sockets);
  const port = await listen(server);
  return { port, url: `http://127.0.0.1:${port}/ip`, stats, close } satisfies Running & Record<string, unknown>;
}

/** TooTallNate's `proxy`: a real HTTP proxy (absolute-URI and CONNECT), with Basic auth when credentials are given. */
export async function startHttpProxy(credentials?: { username: string; password: string }) {
  const server = createProxy(http.createServer());
  const seen = { connects: 0, requests: 0 };
  server.on('connect', () => seen.connects++);
  server.on('request', () => seen.requests++);
  if (credentials) {
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    server.authenticate = (req) => req.headers['proxy-authorization'] === expected;
  }
  const close = closer(server, new Set());
  const port = await listen(server);
  return { port, seen, close };
}

/** A real SOCKS5 server, with username/password authentication when credentials are given. */
export async function startSocksProxy(credentials?: { username: string; password: string }) {
  const socks = createSocksServer(credentials ? { auth: credentials } : {});
  // The library keeps its net.Server in a private field; we need it for the port and a clean close.
  const server = (socks as unknown as { server: net.Server }).server;
  const close = closer(server, new Set());
  return { port: await listen(server), close };
}

/** A port nothing listens on (it was bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Accepts connections and never answers: a proxy that hangs. */
export async function startSilentServer(): Promise<Running> {
  const server = net.createServer(() => {});
  const close = closer(server, new Set());
  return { port: await listen(server), close };
}

/** Every string anywhere in a JSON value. */
export function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}
