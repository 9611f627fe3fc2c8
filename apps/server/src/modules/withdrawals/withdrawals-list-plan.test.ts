import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import type { ListWithdrawalsFilter } from './withdrawal-record';
import { createWithdrawalsPageRead } from './withdrawals-page.repository';

const MERCHANT = '00000000-0000-4000-8000-000000000001';
const AFTER = { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' };

/**
 * Each withdrawal list walks the index of its filter in (created_at, id) order, first page and
 * after a cursor: the payout queue never sorts every withdrawal. The table holds 20,000
 * withdrawals (analyzed): on an empty one the planner would rather hash the sending accounts and
 * sort the few rows it expects.
 */
describe('the withdrawal list query plan', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`
      insert into merchants (id, name, code, currency, min_amount_minor, max_amount_minor, allowed_methods,
        webhook_secret_encrypted, payment_time_limit_minutes)
      values (${MERCHANT}::uuid, 'Plan Shop', 'PLAN-SHOP', 'IDR', 1, 1000000, array['dana'], '', 15)`);
    await database.db.execute(sql`
      insert into withdrawals (kind, merchant_id, reference_number, currency, amount_minor, fee_minor, status,
        dest_provider, dest_account_number, dest_holder_name, created_at)
      select case when n % 2 = 0 then 'customer' else 'settlement' end, ${MERCHANT}::uuid, 'W-' || n, 'IDR', 10000,
        0, (array['success','failed','rejected','cancelled','pending_approval'])[1 + n % 5], 'dana', '0812' || n,
        'Holder ' || n, now() - n * interval '1 minute'
      from generate_series(1, 20000) as g(n)`);
    await database.db.execute(sql`analyze`);
  }, 60_000);
  afterAll(() => database.close());

  // With one merchant and five statuses, walking the creation index and filtering is as good as
  // the filter's own index; either is an ordered walk.
  const cases: [string, ListWithdrawalsFilter][] = [
    ['no filter', {}],
    ['a status', { status: 'pending_approval' }],
    ['a merchant', { merchantId: MERCHANT }],
    ["a merchant's customer withdrawals", { merchantId: MERCHANT, kind: 'customer' }],
  ];
  for (const [name, filter] of cases) {
    for (const after of [undefined, AFTER]) {
      it(`reads the page of ${name}${after ? ' after a cursor' : ''} along a creation-ordered index without sorting`, async () => {
        const plan = await indexPlanOf(database, createWithdrawalsPageRead(database.db).pageSql(filter, 50, after));
        expect(plan).toMatch(/Index Scan using withdrawals_(status_|merchant_)?created_id_idx /);
        expect(plan).not.toMatch(/\bSort\b/);
      });
    }
  }
});
