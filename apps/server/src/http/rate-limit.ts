import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** One caller's use of a fixed window: allowed or not, and when the window frees. */
export type RateDecision = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one request of `key` in the current window. */
  take(key: string): Promise<RateDecision>;
  close(): void;
};

// INCR, and start the window's expiry with its first request: one round trip, atomic.
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/**
 * Fixed-window request counters: `limit` requests per `windowMs` per key. With a Redis URL the
 * counters are shared by every instance (keys expire with their window); without, they live in this
 * process. A Redis that does not answer lets requests through (logged): limiting must not take the
 * API down with it.
 */
export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  redisUrl?: string;
  prefix: string;
  logger: FastifyBaseLogger;
}): RateLimiter {
  const { limit, windowMs } = options;
  const decide = (count: number, msLeft: number): RateDecision => ({
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
  });

  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    redis.on('error', () => {});
    let warned = false;
    return {
      async take(key) {
        const window = Math.floor(Date.now() / windowMs);
        try {
          if (redis.status === 'wait') await redis.connect();
          const [count, ttl] = (await redis.eval(TAKE_SCRIPT, 1, `${options.prefix}:${key}:${window}`, windowMs)) as [
            number,
            number,
          ];
          warned = false;
          return decide(count, ttl > 0 ? ttl : windowMs);
        } catch (error) {
          if (!warned) options.logger.warn({ err: error }, 'rate limits are not counted: Redis does not answer');
          warned = true;
          return { allowed: true, remaining: limit, retryAfterSeconds: 0 };
        }
      },
      close: () => redis.disconnect(),
    };
  }

  const windows = new Map<string, { window: number; count: number }>();
  return {
    async take(key) {
      const now = Date.now();
      const window = Math.floor(now / windowMs);
      const entry = windows.get(key);
      const current = entry && entry.window === window ? entry : { window, count: 0 };
      current.count += 1;
      windows.set(key, current);
      // Old windows go as they are replaced; a sweep now and then drops callers gone quiet.
      if (windows.size > 10_000) for (const [k, e] of windows) if (e.window !== window) windows.delete(k);
      return decide(current.count, (window + 1) * windowMs - now);
    },
    close() {},
  };
}
