import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createHealthChecksRepository } from './health-checks.repository';

const OWNER_ID = '00000000-0000-4000-8000-000000000001';
const AFTER = { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' };

/** Checks run every 30 minutes for ever: a history page must walk its owner's index, never sort its runs. */
describe('the query plans of the check histories', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const cases = [
    ['a device', 'devicePageSql', 'health_check_runs_device_own_idx'],
    ['a wallet account', 'walletPageSql', 'health_check_runs_wallet_idx'],
  ] as const;
  for (const [owner, read, index] of cases) {
    for (const after of [undefined, AFTER]) {
      it(`reads a page of ${owner}'s runs${after ? ' after a cursor' : ''} along ${index} without sorting`, async () => {
        const plan = await indexPlanOf(database, createHealthChecksRepository(database.db)[read](OWNER_ID, 50, after));
        expect(plan).toMatch(new RegExp(`Index Scan (Backward )?using ${index}\\b`));
        expect(plan).not.toMatch(/\bSort\b/);
      });
    }
  }
});
