import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createPaymentSessionsRepository, type ListPaymentSessionsFilter } from './payment-sessions.repository';

const ID = '00000000-0000-4000-8000-000000000000';

/**
 * Each filter of the session lists (consoles and `/v1`) must stay a walk along an index in
 * (created_at, id) order, first page and after a cursor: a page of 50 from a million sessions must
 * never sort a merchant's (or everyone's) sessions. The reference search reads the few sessions
 * whose reference starts with the text through its pattern index, then orders them.
 */
describe('the payment session list query plan', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const ordered: Record<string, { filter: ListPaymentSessionsFilter; index: RegExp }> = {
    'no filter': { filter: {}, index: /payment_sessions_created_id_idx/ },
    'live sessions (operators)': { filter: { livemode: true }, index: /payment_sessions_created_id_idx/ },
    'test mode sessions (operators)': { filter: { livemode: false }, index: /payment_sessions_test_created_id_idx/ },
    'a merchant': { filter: { merchantId: ID }, index: /payment_sessions_merchant_(status_)?created_id_idx/ },
    'a merchant and a status': {
      // On an empty table the planner may take either column's index; both walk in order.
      filter: { merchantId: ID, status: 'success' },
      index: /payment_sessions_(merchant_status|merchant|status)_created_id_idx/,
    },
    'a status': { filter: { status: 'processing' }, index: /payment_sessions_status_created_id_idx/ },
    'a method': { filter: { method: 'maya' }, index: /payment_sessions_method_created_id_idx/ },
    'a receiving account': { filter: { walletAccountId: ID }, index: /payment_sessions_account_created_id_idx/ },
    'a creation time range': {
      filter: { createdFrom: '2026-11-01T00:00:00.000Z', createdTo: '2026-11-02T00:00:00.000Z' },
      index: /payment_sessions_created_id_idx/,
    },
  };

  for (const [name, { filter, index }] of Object.entries(ordered)) {
    for (const after of [undefined, { at: '2026-11-01T12:00:00.000000Z', id: ID }]) {
      it(`reads sessions of ${name}${after ? ' after a cursor' : ''} along an index without sorting`, async () => {
        const repo = createPaymentSessionsRepository(database.db, { customerPagesUrl: 'http://x' });
        const plan = await indexPlanOf(database, repo.pageSql(filter, 50, after));
        expect(plan).toMatch(index);
        expect(plan).not.toMatch(/\bSort\b/);
      });
    }
  }

  it('finds sessions by the start of their reference through the pattern index', async () => {
    const repo = createPaymentSessionsRepository(database.db, { customerPagesUrl: 'http://x' });
    const plan = await indexPlanOf(database, repo.pageSql({ search: 'INV-2026' }, 50));
    expect(plan).toMatch(/payment_sessions_reference_prefix_idx/);
  });
});
