import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createUsersRepository } from './users.repository';

/**
 * The users list must stay a walk along an index in (created_at, id) order: a page of 50 from
 * 100,000 users once cost a sort of every row because ORDER BY and the index disagreed on NULLS.
 */
describe('the users list query plan', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const filters = {
    'first page': { limit: 50 },
    'after a cursor': {
      limit: 50,
      after: { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' },
    },
    'filtered by role': { limit: 50, roleId: ROLE.Staff },
    'filtered by status': { limit: 50, status: 'active' as const },
  };

  for (const [name, filter] of Object.entries(filters)) {
    it(`reads the ${name} along an index without sorting`, async () => {
      const plan = await indexPlanOf(database, createUsersRepository(database.db).listSql(filter));
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan).not.toMatch(/\bSort\b/);
    });
  }

  // Every sign-in leaves a session row behind: through sessions_user_idx a page of 50 users with a
  // year of daily sign-ins each read 18,000 heap pages (9 ms) to find the few live ones.
  it("tells whether each user is logged in from that user's live sessions only", async () => {
    const plan = await indexPlanOf(database, createUsersRepository(database.db).listSql(filters['first page']));
    expect(plan).toMatch(/Index (Only )?Scan using sessions_live_user_idx on sessions/);
  });
});
