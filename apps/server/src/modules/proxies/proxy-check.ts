import http from 'node:http';
import net, { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { ProxyType } from '@gerbang/contract';
import { SocksClient } from 'socks';

export type ProxyEndpoint = {
  type: ProxyType;
  host: string;
  port: number;
  username: string | null;
  password: string | null;
};

export type ProxyCheckResult =
  | { ok: true; latencyMs: number; exitIp: string | null }
  | { ok: false; latencyMs: number | null; error: string };

/** A failure whose message is already safe and clear for the operator. */
class CheckFailure extends Error {}

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Fetches `checkUrl` THROUGH the proxy and reports how long it took and which address the check
 * URL saw (the exit IP). http/https proxies: absolute-URI request for an http target, CONNECT
 * tunnel for an https target; socks5: a SOCKS tunnel for both. Never throws; error messages
 * never contain the credentials.
 */
export async function checkProxy(
  proxy: ProxyEndpoint,
  options: { checkUrl: string; timeoutMs: number },
): Promise<ProxyCheckResult> {
  const started = performance.now();
  const target = new URL(options.checkUrl);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await fetchThrough(proxy, target, controller.signal);
    const latencyMs = Math.round(performance.now() - started);
    if (response.status === 407) throw new CheckFailure('Proxy refused the credentials (407)');
    if (response.status < 200 || response.status >= 300) {
      throw new CheckFailure(`The check URL answered ${response.status} through the proxy`);
    }
    return { ok: true, latencyMs, exitIp: parseExitIp(response.body) };
  } catch (error) {
    const message = controller.signal.aborted
      ? `Timed out after ${formatSeconds(options.timeoutMs)}`
      : describeFailure(error);
    return { ok: false, latencyMs: null, error: message };
  } finally {
    clearTimeout(timer);
  }
}

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** `{"ip": "…"}` (ipify, httpbin's `origin`) or the address as plain text; anything else is no exit IP. */
export function parseExitIp(body: string): string | null {
  const text = body.trim();
  let candidate = text;
  try {
    const json = JSON.parse(text) as unknown;
    if (json && typeof json === 'object') {
      const record = json as Record<string, unknown>;
      const value = record.ip ?? record.origin;
      candidate = typeof value === 'string' ? (value.split(',')[0]?.trim() ?? '') : '';
    }
  } catch {
    // Not JSON: plain text.
  }
  return isIP(candidate) ? candidate : null;
}

type Fetched = { status: number; body: string };

function fetchThrough(proxy: ProxyEndpoint, target: URL, signal: AbortSignal): Promise<Fetched> {
  const targetPort = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  const targetHost = target.hostname.replace(/^\[|\]$/g, '');
  if (proxy.type !== 'socks5' && target.protocol === 'http:') {
    // Plain HTTP through an HTTP proxy: send it the absolute URI, as browsers do.
    return request(
      {
        path: target.href,
        headers: { host: target.host, ...proxyAuthorization(proxy) },
        createConnection: () => connectToProxy(proxy),
      },
      signal,
    );
  }
  const tunnel = async (): Promise<Duplex> => {
    const socket =
      proxy.type === 'socks5'
        ? await socksTunnel(proxy, targetHost, targetPort, signal)
        : await connectTunnel(proxy, `${target.hostname}:${targetPort}`, signal);
    if (target.protocol !== 'https:') return socket;
    return tls.connect({ socket, servername: isIP(targetHost) ? undefined : targetHost });
  };
  return tunnel().then((socket) =>
    request(
      { path: `${target.pathname}${target.search}`, headers: { host: target.host }, createConnection: () => socket },
      signal,
    ),
  );
}

function proxyAuthorization(proxy: ProxyEndpoint): Record<string, string> {
  if (proxy.username === null && proxy.password === null) return {};
  const token = Buffer.from(`${proxy.username ?? ''}:${proxy.password ?? ''}`).toString('base64');
  return { 'proxy-authorization': `Basic ${token}` };
}

/** A socket to the proxy itself: plain TCP for http proxies, TLS for https proxies. */
function connectToProxy(proxy: ProxyEndpoint): Duplex {
  if (proxy.type === 'https') {
    return tls.connect({ host: proxy.host, port: proxy.port, servername: isIP(proxy.host) ? undefined : proxy.host });
  }
  return net.connect({ host: proxy.host, port: proxy.port });
}

function connectTunnel(proxy: ProxyEndpoint, authority: string, signal: AbortSignal): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      method: 'CONNECT',
      path: authority,
      headers: { host: authority, ...proxyAuthorization(proxy) },
      createConnection: () => connectToProxy(proxy),
      signal,
    });
    req.once('connect', (res, socket) => {
      if (res.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(
        new CheckFailure(
          res.statusCode === 407
            ? 'Proxy refused the credentials (407)'
            : `Proxy refused the tunnel (${res.statusCode ?? 'no status'})`,
        ),
      );
    });
    req.once('response', (res) => {
      res.resume();
      reject(new CheckFailure(`Proxy refused the tunnel (${res.statusCode})`));
    });
    req.once('error', reject);
    req.end();
  });
}

async function socksTunnel(proxy: ProxyEndpoint, host: string, port: number, signal: AbortSignal): Promise<Duplex> {
  const connecting = SocksClient.createConnection({
    proxy: {
      host: proxy.host,
      port: proxy.port,
      type: 5,
      ...(proxy.username !== null || proxy.password !== null
        ? { userId: proxy.username ?? '', password: proxy.password ?? '' }
        : {}),
    },
    command: 'connect',
    destination: { host, port },
    // Our own timer decides; this only keeps the library from holding on for its default 30 s.
    timeout: 120_000,
  });
  // The library cannot be cancelled: stop waiting at the deadline and close a late tunnel.
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(new CheckFailure('aborted')), { once: true });
  });
  connecting.then(
    ({ socket }) => signal.aborted && socket.destroy(),
    () => undefined,
  );
  const { socket } = await Promise.race([connecting, aborted]);
  return socket;
}

function request(options: http.RequestOptions, signal: AbortSignal): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.request({ ...options, method: 'GET', signal, agent: undefined }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      res.once('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        req.destroy();
      });
      res.once('error', reject);
    });
    req.once('error', reject);
    req.setHeader('connection', 'close');
    req.end();
  });
}

const SOCKET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the proxy',
  EPIPE: 'Connection closed by the proxy',
  ENOTFOUND: 'Proxy host not found',
  EAI_AGAIN: 'Proxy host name could not be resolved',
  EHOSTUNREACH: 'Proxy host unreachable',
  ENETUNREACH: 'Network unreachable',
  ETIMEDOUT: 'Connection timed out',
};

/** Turns whatever went wrong into a short message that is safe to store and show. */
export function describeFailure(error: unknown): string {
  if (error instanceof CheckFailure) return error.message;
  const err = error as { code?: string; message?: string };
  const message = err?.message ?? '';
  const code = err?.code ?? /\b(E[A-Z_]{4,})\b/.exec(message)?.[1];
  if (code && SOCKET_ERRORS[code]) return SOCKET_ERRORS[code];
  if (message.includes('Socks5 Authentication failed')) return 'Proxy refused the credentials';
  if (message.includes('no accepted authentication type')) return 'Proxy requires credentials that were not accepted';
  if (message.includes('Socks5 proxy rejected connection')) {
    return 'Proxy could not connect to the check URL';
  }
  if (message.includes('Socket closed')) return 'Connection closed by the proxy';
  if (code === 'EPROTO') return 'TLS handshake failed (protocol error)';
  if (code && /^ERR_SSL|^ERR_TLS|CERT|SIGNATURE|ISSUER/.test(code)) return `TLS handshake failed (${code})`;
  if (code === 'HPE_INVALID_CONSTANT' || code?.startsWith('HPE_')) return 'The proxy did not answer with HTTP';
  return code ? `Proxy check failed (${code})` : 'Proxy check failed';
}
