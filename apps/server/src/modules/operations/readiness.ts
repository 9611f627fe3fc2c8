import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadinessResponse } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { AppContext } from '../../app-context';
import { MIGRATIONS_DIR } from '../../paths';

/** The answer of one dependency: `ok`, `not_configured`, or what is wrong with it (logged, never sent). */
type CheckResult = 'ok' | 'not_configured' | { error: string };

const CHECK_TIMEOUT_MS = 2_000;

/** How many migrations this build ships (drizzle's journal). */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const failed = (error: unknown): CheckResult => ({ error: (error as Error).message });

/**
 * Whether this instance can serve: the database answers, every migration this build ships is
 * applied, and Redis answers when REDIS_URL is set. A load balancer sends traffic to ready
 * instances only; `/healthz` says only that the process is up.
 */
export function createReadiness(ctx: AppContext) {
  const expected = shippedMigrations();
  // Its own connection: no offline queue, so a Redis that is down fails the check at once.
  const redis = ctx.config.REDIS_URL
    ? new Redis(ctx.config.REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
    : null;
  redis?.on('error', () => {});

  async function database(): Promise<[CheckResult, CheckResult]> {
    try {
      await withTimeout(ctx.db.execute(sql`select 1`), 'The database');
    } catch (error) {
      return [failed(error), { error: 'The database is unreachable' }];
    }
    try {
      const result = (await ctx.db.execute(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { applied: number }[] };
      const applied = result.rows[0]?.applied ?? 0;
      return ['ok', applied >= expected ? 'ok' : { error: `${applied} of ${expected} migrations applied` }];
    } catch {
      return ['ok', { error: `0 of ${expected} migrations applied` }];
    }
  }

  async function redisCheck(): Promise<CheckResult> {
    if (!redis) return 'not_configured';
    try {
      if (redis.status === 'wait' || redis.status === 'end') await withTimeout(redis.connect(), 'Redis');
      await withTimeout(redis.ping(), 'Redis');
      return 'ok';
    } catch (error) {
      return failed(error);
    }
  }

  return {
    async check(): Promise<ReadinessResponse> {
      const [[db, migrations], redisResult] = await Promise.all([database(), redisCheck()]);
      const results = { database: db, migrations, redis: redisResult };
      const failing = Object.entries(results).filter(([, result]) => typeof result === 'object');
      for (const [name, result] of failing) {
        ctx.logger.warn({ check: name, error: (result as { error: string }).error }, 'not ready');
      }
      const publicOf = (result: CheckResult) => (typeof result === 'object' ? 'failing' : result);
      return {
        status: failing.length === 0 ? 'ready' : 'not_ready',
        checks: { database: publicOf(db), migrations: publicOf(migrations), redis: publicOf(redisResult) },
      };
    },
    close() {
      redis?.disconnect();
    },
  };
}
