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
  // The adapter publishes without waiting for the answer; a publish in flight when Redis drops is
  // rejected ("Connection is closed."), which must be logged, not left an unhandled rejection: the
  // instance survives Redis going away (docs/operations.md).
  const publish = pub.publish.bind(pub);
  pub.publish = ((...args: Parameters<typeof publish>) => {
    const sent = publish(...args);
    sent.catch((error: unknown) => logger.warn({ err: error }, 'a realtime event was not published to Redis'));
    return sent;
  }) as typeof pub.publish;
  io.adapter(createAdapter(pub, sub));
  return async () => {
    // quit() waits for a reply, which a Redis that is down never sends: shutting down must not hang.
    await Promise.allSettled(
      [pub, sub].map((client) => (client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()))),
    );
  };
}
