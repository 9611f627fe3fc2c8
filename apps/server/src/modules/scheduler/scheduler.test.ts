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
