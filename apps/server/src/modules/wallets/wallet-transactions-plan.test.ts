import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createWalletTransactionsRepository } from './wallet-transactions.repository';

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const AFTER = { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' };

/** An account's log grows without end: a page must walk its index, never sort the account's transfers. */
describe("the query plan of a wallet account's log", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  for (const after of [undefined, AFTER]) {
    it(`reads a page${after ? ' after a cursor' : ''} along the account's index without sorting`, async () => {
      const plan = await indexPlanOf(
        database,
        createWalletTransactionsRepository(database.db).pageSql(ACCOUNT_ID, 50, after),
      );
      expect(plan).toMatch(/Index (Only )?Scan (Backward )?using wallet_transactions_account_idx/);
      expect(plan).not.toMatch(/\bSort\b/);
    });
  }
});
