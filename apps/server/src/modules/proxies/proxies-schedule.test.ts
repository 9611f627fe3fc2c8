import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterFirstRun, createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { scheduledJobs } from '../../db/schema';
import { SCHEDULED_CHECK_CONCURRENCY } from './proxies.service';
import { api, startCheckServer, startHttpProxy } from './proxies.test-support';

describe('scheduled proxy checks', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let checkServer: Awaited<ReturnType<typeof startCheckServer>>;
  let httpProxy: Awaited<ReturnType<typeof startHttpProxy>>;

  beforeAll(async () => {
    // Slow answers, so that checks overlap and the concurrency bound shows.
    checkServer = await startCheckServer({ delayMs: 150 });
    httpProxy = await startHttpProxy();
    t = await createTestApp({
      env: {
        PROXY_CHECK_URL: checkServer.url,
        PROXY_CHECK_SCHEDULE_MINUTES: '60',
        SCHEDULER_TICK_MS: '50',
      },
    });
    admin = api(t.app, (await signedInUser(t, ROLE.SubAdmin)).headers);
    // The first run is due at start, with nothing to check yet; proxies imported before it ran
    // would be checked by it as well as by the run the test makes due.
    await afterFirstRun(t, 'proxy-checks');
  });
  afterAll(async () => {
    await t.close();
    await checkServer.close();
    await httpProxy.close();
  });

  it('checks every proxy when the job is due, a bounded number at a time', async () => {
    const count = SCHEDULED_CHECK_CONCURRENCY * 2 + 3;
    const lines = Array.from({ length: count }, (_, i) => `127.0.0.1:${httpProxy.port}:user${i}:pw${i}`);
    const imported = await admin.post('/proxies/import', { type: 'http', lines: lines.join('\n') });
    expect(imported.json().created).toHaveLength(count);
    const before = checkServer.stats.requests;

    // Make the next run due now.
    await t.database.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, 'proxy-checks'));

    await expect
      .poll(async () => (await admin.get('/proxies?checkStatus=ok')).json().items.length, { timeout: 10_000 })
      .toBe(count);
    expect(checkServer.stats.requests - before).toBe(count);
    expect(checkServer.stats.maxInFlight).toBeGreaterThan(1);
    expect(checkServer.stats.maxInFlight).toBeLessThanOrEqual(SCHEDULED_CHECK_CONCURRENCY);
    const items = (await admin.get('/proxies')).json().items;
    for (const proxy of items) expect(proxy).toMatchObject({ checkStatus: 'ok', exitIp: '127.0.0.1' });
  });
});
