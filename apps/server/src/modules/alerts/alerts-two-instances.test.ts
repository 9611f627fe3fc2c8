import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer, createTestConfig } from '../../../test/helpers/test-app';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { alerts, devices } from '../../db/schema';
import { alertsOf } from './alerts';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

/** Two instances on one PostgreSQL database evaluate the rules at the same moment, again and again. */
describe.skipIf(!onPostgres)('alerts across two instances', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: DatabaseHandle;
  const mailers = [createMemoryMailer(), createMemoryMailer()];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ kind: 'postgres', url: database.url as string, poolSize: 5 });
    const env = { ALERT_EVALUATE_SECONDS: '0', ALERT_EMAILS: 'ops@example.test' };
    for (const [index, handle] of [database, second].entries()) {
      const app = await buildApp({ config: createTestConfig(env), database: handle, mailer: mailers[index] });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await database.close();
  });

  it('open an alert once and tell people once; resolve it once', async () => {
    const [phone] = await database.db
      .insert(devices)
      .values({ name: 'Night phone', tokenHash: randomUUID(), lastSeenAt: sql`now() - interval '1 hour'` })
      .returning();
    const evaluateBoth = () => Promise.all(apps.map((app) => alertsOf(app.ctx).service.evaluate()));

    const opened = (await Promise.all([evaluateBoth(), evaluateBoth(), evaluateBoth()])).flat(2);
    expect(opened.filter((c) => c.alert.subjectId === phone?.id).map((c) => c.change)).toEqual(['opened']);
    const rows = await database.db
      .select()
      .from(alerts)
      .where(eq(alerts.subjectId, phone?.id as string));
    expect(rows).toHaveLength(1);
    const mails = () => mailers.flatMap((m) => m.messages).filter((m) => m.subject.includes('Night phone'));
    expect(mails()).toHaveLength(1);

    await database.db
      .update(devices)
      .set({ connectionId: 'back', lastSeenAt: sql`now()` })
      .where(eq(devices.id, phone?.id as string));
    const resolved = (await Promise.all([evaluateBoth(), evaluateBoth()])).flat(2);
    expect(resolved.filter((c) => c.alert.subjectId === phone?.id).map((c) => c.change)).toEqual(['resolved']);
    expect(mails()).toHaveLength(2);
  });
});
