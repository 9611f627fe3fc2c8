import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createScheduler } from './scheduler';

describe('scheduled jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('run once per interval however many instances poll for them', async () => {
    const runs: string[] = [];
    const instances = ['a', 'b', 'c'].map((instanceId) => {
      const scheduler = createScheduler({ db: t.database.db, logger: t.app.log, tickMs: 20, instanceId });
      scheduler.every('test-job', 60_000, async () => {
        runs.push(instanceId);
      });
      return scheduler;
    });
    for (const scheduler of instances) await scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const scheduler of instances) await scheduler.stop();
    expect(runs).toHaveLength(1);
  });

  it('run each of several jobs on its own interval, once per interval across instances', async () => {
    const runs = { hourly: [] as string[], often: [] as string[] };
    const instances = ['a', 'b', 'c'].map((instanceId) => {
      const scheduler = createScheduler({ db: t.database.db, logger: t.app.log, tickMs: 20, instanceId });
      scheduler.every('hourly-job', 3_600_000, async () => {
        runs.hourly.push(instanceId);
      });
      scheduler.every('often-job', 100, async () => {
        runs.often.push(instanceId);
      });
      return scheduler;
    });
    for (const scheduler of instances) await scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const scheduler of instances) await scheduler.stop();
    expect(runs.hourly).toHaveLength(1);
    // Due at most six times in 500 ms (at the start, then every 100 ms), whoever polls.
    expect(runs.often.length).toBeGreaterThan(1);
    expect(runs.often.length).toBeLessThanOrEqual(6);
  });

  it('run a short job on time behind a slow one', async () => {
    const runs = { slow: 0, short: 0 };
    const scheduler = createScheduler({ db: t.database.db, logger: t.app.log, tickMs: 20 });
    // The slow job is due again before it ends, so every tick claims both; the short one's claim
    // is stale by the time the slow one returns and must still run.
    scheduler.every('slow-job', 200, async () => {
      runs.slow += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    scheduler.every('short-job', 100, async () => {
      runs.short += 1;
    });
    await scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    await scheduler.stop();
    expect(runs.slow).toBeGreaterThan(1);
    expect(runs.short).toBeGreaterThan(1);
  });

  it('keep running after a job throws', async () => {
    let calls = 0;
    const scheduler = createScheduler({ db: t.database.db, logger: t.app.log, tickMs: 20 });
    scheduler.every('flaky-job', 50, async () => {
      calls += 1;
      throw new Error('boom');
    });
    await scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await scheduler.stop();
    expect(calls).toBeGreaterThan(1);
  });
});
