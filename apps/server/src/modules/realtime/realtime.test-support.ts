import { type ClientToServerEvents, REALTIME_PATH, type ServerToClientEvents } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Where a test app listens (port 0 → a free loopback port). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A real socket.io client; resolves once connected, rejects with the connect error message.
 * `beforeConnect` runs before the connection opens, to catch events sent right on connect.
 */
export function connect(
  url: string,
  options: {
    token?: string;
    /** More of the handshake's auth: the merchant console's `mode`. */
    auth?: Record<string, string>;
    headers?: Record<string, string>;
    beforeConnect?: (socket: ClientSocket) => void;
    /** socket.io's path: the API's own, or under a console's origin (`/api/ws`). */
    path?: string;
  } = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    path: options.path ?? REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(options.token ? { auth: { token: options.token, ...options.auth } } : {}),
    ...(options.headers ? { extraHeaders: options.headers } : {}),
  });
  options.beforeConnect?.(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The next `event` on the socket, or a rejection after `ms`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  ms = 3000,
): Promise<Parameters<ServerToClientEvents[E]>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${ms} ms`)), ms);
    (socket.once as (e: string, l: (...args: unknown[]) => void) => void)(event, (...args) => {
      clearTimeout(timer);
      resolve(args as Parameters<ServerToClientEvents[E]>);
    });
  });
}

/** True if `event` arrives within `ms` (for asserting that something does NOT arrive). */
export function arrives(socket: ClientSocket, event: keyof ServerToClientEvents, ms = 300): Promise<boolean> {
  return next(socket, event, ms).then(
    () => true,
    () => false,
  );
}

export function disconnected(socket: ClientSocket, ms = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
