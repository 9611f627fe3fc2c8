import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request: pass it to the server; answer it itself (a load
 * balancer's 503, a crashed upstream's 500); drop the connection before the server sees the
 * request; or pass it on and drop the connection once the server has answered (the answer is lost).
 */
export type Behaviour =
  | 'forward'
  | { status: number; retryAfter?: string }
  | 'drop_before_server'
  | 'drop_after_server';

export type Seen = { method: string; path: string; headers: IncomingHttpHeaders; behaviour: Behaviour };

/**
 * A small HTTP proxy in front of the real server, on its own loopback port, answering each request
 * by the next behaviour in its script (then 'forward'): the SDK meets failures over real sockets.
 */
export async function flakyProxy(target: string) {
  const script: Behaviour[] = [];
  const seen: Seen[] = [];
  const upstream = new URL(target);

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const behaviour = script.shift() ?? 'forward';
      seen.push({ method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, behaviour });
      if (behaviour === 'drop_before_server') {
        incoming.socket.destroy();
        return;
      }
      if (typeof behaviour === 'object') {
        outgoing.writeHead(behaviour.status, {
          'content-type': 'text/html',
          ...(behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {}),
        });
        outgoing.end(`<html><body>${behaviour.status} from the proxy</body></html>`);
        return;
      }
      const onward = forward(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            if (behaviour === 'drop_after_server') {
              incoming.socket.destroy();
              return;
            }
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(Buffer.concat(body));
          });
        },
      );
      onward.on('error', () => incoming.socket.destroy());
      onward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Behaviours for the next requests, in order. */
    script,
    /** Every request the proxy received, in order. */
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
