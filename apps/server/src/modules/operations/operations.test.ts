import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/helpers/free-port';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { metricsOf } from './metrics';
import { buildMetricsServer } from './metrics-server';
import { createReadiness } from './readiness';

describe('health and readiness probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers and every migration is applied (Redis not configured)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'not_configured' },
    });
  });

  it('is not ready (503) while a migration of this build is missing, and names that check only', async () => {
    const [last] = (
      (await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'failing', redis: 'not_configured' },
      });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last?.hash}, ${last?.created_at})`,
      );
    }
  });
});

describe('readiness with Redis configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not ready while Redis does not answer, without telling the client where Redis is', async () => {
    // The probe alone: an app whose realtime adapter cannot reach Redis is another test's subject.
    const config = { ...t.app.ctx.config, REDIS_URL: `redis://127.0.0.1:${await freePort()}` };
    const readiness = createReadiness({ ...t.app.ctx, config });
    try {
      const result = await readiness.check();
      expect(result).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'ok', redis: 'failing' } });
      expect(JSON.stringify(result)).not.toContain('127.0.0.1');
    } finally {
      readiness.close();
    }
  });
});

describe('Prometheus metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are not served on the API port', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
  });

  it('count API requests by route pattern and report the fleet and the outbox from the database', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/users/0b0e0c3a-2f25-4b6e-9c59-1b2b7d1c9a11' });
    const server = buildMetricsServer(metricsOf(t.app.ctx));
    try {
      const res = await server.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(
        /gerbang_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 2/,
      );
      // The pattern, never the id: one series per route however many ids are asked for.
      expect(text).toMatch(/route="\/users\/:id",status_code="401"/);
      expect(text).not.toContain('0b0e0c3a');
      expect(text).toMatch(/gerbang_devices_online 0/);
      expect(text).toMatch(/gerbang_wallet_accounts_ready\{provider="dana"\} 0/);
      expect(text).toMatch(/gerbang_webhook_events\{status="pending"\} 0/);
      expect(text).toMatch(/gerbang_webhook_outbox_lag_seconds 0/);
      expect(text).toMatch(/gerbang_process_resident_memory_bytes \d+/);
    } finally {
      await server.close();
    }
  });
});
