import { WALLET_SORTS } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createWalletsRepository } from './wallets.repository';

const CURSOR_VALUE: Record<string, string> = {
  label: 'Dana 42',
  createdAt: '2026-01-01T00:00:00.000000Z',
  balance: '150000',
};

/**
 * Each dashboard sort must stay a walk along its index, first page and after a cursor, for one
 * provider and across all: a thousand-account page must never read and sort every account.
 */
describe('the wallet list query plan', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  for (const provider of ['dana', undefined] as const) {
    const scope = provider ? `a ${provider} dashboard page` : 'a page across every provider';
    for (const sort of WALLET_SORTS) {
      for (const withCursor of [false, true]) {
        it(`reads ${scope} sorted by ${sort}${withCursor ? ' after a cursor' : ''} along an index without sorting`, async () => {
          const key = sort.replace('-', '');
          const after = withCursor
            ? { sort, value: CURSOR_VALUE[key] as string, id: '00000000-0000-4000-8000-000000000000' }
            : undefined;
          const plan = await indexPlanOf(
            database,
            createWalletsRepository(database.db).pageSql({ provider, sort }, 50, after),
          );
          expect(plan).toMatch(
            provider
              ? /Index (Only )?Scan (Backward )?using wallet_accounts_(label|created|balance)_idx/
              : /Index (Only )?Scan (Backward )?using wallet_accounts_all_(label|created|balance)_idx/,
          );
          expect(plan).not.toMatch(/\bSort\b/);
        });
      }
    }
  }
});
