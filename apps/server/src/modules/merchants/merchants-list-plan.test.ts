import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createMerchantsRepository } from './merchants.repository';

const AFTER = { sort: 'name', value: 'Toko Sinar', id: '00000000-0000-4000-8000-000000000000' };

/**
 * The merchant list walks its name index in order (merchants_status_name_id_idx with the status
 * filter), first page and after a cursor: it never sorts every merchant.
 */
describe('the merchant list query plan', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  for (const [name, filter, index] of [
    ['no filter', {}, 'merchants_name_id_idx'],
    ['the status filter', { status: 'active' as const }, 'merchants_status_name_id_idx'],
  ] as const) {
    for (const after of [undefined, AFTER]) {
      it(`reads a page with ${name}${after ? ' after a cursor' : ''} along ${index} without sorting`, async () => {
        const plan = await indexPlanOf(database, createMerchantsRepository(database.db).pageSql(filter, 50, after));
        expect(plan).toMatch(new RegExp(`Index Scan using ${index} `));
        expect(plan).not.toMatch(/\bSort\b/);
      });
    }
  }
});
