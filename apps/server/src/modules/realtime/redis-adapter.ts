import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RealtimeServer } from './socket-types';

/**
 * With REDIS_URL, rooms span every instance: an emit to `role:1` or a disconnect of
 * `session:<id>` made on one instance reaches sockets connected to the others.
 * Returns a function that closes both connections.
 */
export function useRedisAdapter(io: RealtimeServer, url: string, logger: FastifyBaseLogger): () => Promise<void> {
  const pub = new Redis(url, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    // ioredis reconnects by itself; an unhandled 'error' event would crash the process.
    client.on('error', (error) => logger.warn({ err: error }, 'realtime redis connection error'));
  }
  io.adapter(createAdapter(pub, sub));
  return async () => {
    // quit() waits for a reply, which a Redis that is down never sends: shutting down must not hang.
    await Promise.allSettled(
      [pub, sub].map((client) => (client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()))),
    );
  };
}
