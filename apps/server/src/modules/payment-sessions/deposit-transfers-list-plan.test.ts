import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createDepositTransfersRepository, type DepositTransfersFilter } from './deposit-transfers.repository';

const ID = '00000000-0000-4000-8000-000000000000';

/**
 * Each filter of the "Transaction" list must stay a walk along an index in (created_at, id) order,
 * first page and after a cursor: a page of 50 from a million transfers must never sort them all.
 */
describe('the transaction list query plan', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const ordered: Record<string, { filter: DepositTransfersFilter; index: RegExp }> = {
    'no filter': { filter: {}, index: /deposit_matches_created_idx/ },
    'an outcome': { filter: { outcome: 'unmatched' }, index: /deposit_matches_outcome_created_idx/ },
    'awaiting review': { filter: { awaitingReview: true }, index: /deposit_matches_(awaiting|open)_created_idx/ },
    'an outcome awaiting review': {
      filter: { outcome: 'paid_late', awaitingReview: true },
      index: /deposit_matches_(awaiting_created|open|outcome_created)_idx/,
    },
    "a merchant's": { filter: { merchantId: ID }, index: /deposit_matches_merchant_(outcome_)?created_idx/ },
    "a merchant's of an outcome": {
      filter: { merchantId: ID, outcome: 'matched' },
      index: /deposit_matches_merchant_outcome_created_idx/,
    },
  };

  for (const [name, { filter, index }] of Object.entries(ordered)) {
    for (const after of [undefined, { at: '2026-11-01T12:00:00.000000Z', id: ID }]) {
      it(`reads transfers of ${name}${after ? ' after a cursor' : ''} along an index without sorting`, async () => {
        const repo = createDepositTransfersRepository(database.db);
        const plan = await indexPlanOf(database, repo.pageSql(filter, 50, after));
        expect(plan).toMatch(index);
        expect(plan).not.toMatch(/\bSort\b/);
      });
    }
  }
});
