import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../../test/helpers/test-app';
import { auditLog } from '../../db/schema';
import { AUDIT_ACTIONS } from './audit-actions';

/** The backfill the migration that added actor_merchant_id runs, read from the migration itself. */
const BACKFILL = readFileSync(new URL('../../../drizzle/0029_audit_log_reads.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .find((statement) => statement.includes('UPDATE "audit_log"')) as string;

describe("an audit entry's merchant", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const merchantOf = async (subject: string) => {
    const [row] = await t.database.db
      .select({ merchantId: auditLog.actorMerchantId })
      .from(auditLog)
      .where(eq(auditLog.subject, subject));
    return row?.merchantId;
  };

  it("is the acting user's merchant, and none for an operator or an anonymous action", async () => {
    const merchantId = randomUUID();
    const shopUser = await insertUser(t.database, { roleId: ROLE.Merchant, merchantId });
    const operator = await insertUser(t.database, { roleId: ROLE.Admin });
    const audit = t.app.ctx.audit;
    await audit.insert({ action: AUDIT_ACTIONS.apiTokenCreated, actorUserId: shopUser.id, subject: 'by the shop' });
    await audit.insert({ action: AUDIT_ACTIONS.merchantUpdated, actorUserId: operator.id, subject: 'by an operator' });
    await audit.insert({ action: AUDIT_ACTIONS.signinFailed, subject: 'by nobody' });
    expect(await merchantOf('by the shop')).toBe(merchantId);
    expect(await merchantOf('by an operator')).toBeNull();
    expect(await merchantOf('by nobody')).toBeNull();
  });

  it('is filled in by the migration for the entries written before it', async () => {
    const merchantId = randomUUID();
    const shopUser = await insertUser(t.database, { roleId: ROLE.Merchant, merchantId });
    await t.database.db
      .insert(auditLog)
      .values({ action: AUDIT_ACTIONS.signinSucceeded, actorUserId: shopUser.id, subject: 'before the column' });
    expect(await merchantOf('before the column')).toBeNull();
    await t.database.db.execute(sql.raw(BACKFILL));
    expect(await merchantOf('before the column')).toBe(merchantId);
  });
});
