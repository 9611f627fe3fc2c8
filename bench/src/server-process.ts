import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@gerbang/server/src/app';
import { parseConfig, resolveConfig } from '@gerbang/server/src/config';
import { type DatabaseHandle, openDatabase } from '@gerbang/server/src/db/database';
import { sql } from 'drizzle-orm';
import { send, serveParent } from './ipc';
import { type SeedPlan, seed } from './seed';

/**
 * Child process: the real Gerbang API (buildApp) on a loopback port, logging off.
 * Input (env): BENCH_SEED = JSON SeedPlan; DATABASE_URL = PostgreSQL, else PGlite in a temp dir
 * (BENCH_PGLITE_MEMORY=1: in memory).
 * Output (IPC): { type: 'ready', port, detail } once migrated, seeded and listening.
 */
export type ServerChildEnv = { BENCH_SEED: string; DATABASE_URL?: string };

async function main() {
  const plan = JSON.parse(process.env.BENCH_SEED ?? '{}') as SeedPlan;
  const databaseUrl = process.env.DATABASE_URL;
  const raw = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SERVE_CONSOLES: 'false',
    HOST: '127.0.0.1',
    PORT: '0',
    // The per-token limit (600 a minute by default) would answer most of a write scenario's requests
    // 429: the bench's one token must not be what is measured. The limiter still counts each one.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    // The merchant API's request log, on by default as installed; the API-log comparison turns it off.
    ...(process.env.API_LOG_RETENTION_DAYS ? { API_LOG_RETENTION_DAYS: process.env.API_LOG_RETENTION_DAYS } : {}),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const config = resolveConfig(raw, { JWT_SECRET: raw.JWT_SECRET ?? '', ENCRYPTION_KEY: raw.ENCRYPTION_KEY ?? '' });

  // On disk like a real install (PGlite flushes to its files after each query); in memory only
  // when asked (BENCH_PGLITE_MEMORY=1), to tell the storage cost from the query cost.
  const inMemory = process.env.BENCH_PGLITE_MEMORY === '1';
  const dataDir = databaseUrl || inMemory ? undefined : mkdtempSync(join(tmpdir(), 'gerbang-bench-pglite-'));
  const database: DatabaseHandle = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: config.DATABASE_POOL_SIZE })
    : await openDatabase({ kind: 'pglite', dataDir });

  const startedAt = performance.now();
  await database.migrate();
  await seed(database, plan);
  const seedMs = Math.round(performance.now() - startedAt);

  const app = await buildApp({ config, database, logger: false });
  // The single-insert baseline of the write scenarios, in the same process and pool as the API.
  app.post('/bench/single-insert', async (request, reply) => {
    await database.db.execute(sql`insert into bench_inserts (body) values (${JSON.stringify(request.body)}::jsonb)`);
    return reply.status(201).send({ ok: true });
  });
  await app.listen({ port: 0, host: config.HOST });
  const address = app.server.address();

  serveParent(async () => {
    await app.close();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  send({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    detail: { database: database.kind, seedMs, poolSize: databaseUrl ? config.DATABASE_POOL_SIZE : 1 },
  });
}

main().catch((error: Error) => {
  send({ type: 'failed', message: error.stack ?? error.message });
  process.exit(1);
});
