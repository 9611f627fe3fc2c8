import http from 'node:http';
import net from 'node:net';
import { createProxy } from 'proxy';

export type RunningProxy = {
  port: number;
  address: string;
  seen: { requests: number; connects: number };
  close(): Promise<void>;
};

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

/**
 * A real HTTP proxy on loopback (TooTallNate's `proxy`, as the server's own tests use), requiring
 * Basic credentials when given. It counts what passes through, so a test can tell a check really
 * used it.
 */
export async function startHttpProxy(credentials?: { username: string; password: string }): Promise<RunningProxy> {
  const server = createProxy(http.createServer());
  const seen = { requests: 0, connects: 0 };
  server.on('request', () => seen.requests++);
  server.on('connect', () => seen.connects++);
  if (credentials) {
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    server.authenticate = (request) => request.headers['proxy-authorization'] === expected;
  }
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    port,
    address: `127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (bound, then released): a dead proxy. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
