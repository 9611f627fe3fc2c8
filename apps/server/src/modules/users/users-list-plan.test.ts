import { ROLE } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createUsersRepository } from './users.repository';

/** Inlines $n parameters as SQL literals (test-only: the values are ours, not user input). */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

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
      const query = inline(createUsersRepository(database.db).listSql(filter));
      const plan = await database.db.transaction(async (tx) => {
        // On an almost empty table a sequential or bitmap scan is cheaper; forbid them to see what the
        // indexes allow: an ordered walk needs no Sort node.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const result = await tx.execute(sql.raw(`explain ${query}`));
        return (result as unknown as { rows: Array<Record<string, string>> }).rows
          .map((row) => Object.values(row)[0])
          .join('\n');
      });
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan).not.toMatch(/\bSort\b/);
    });
  }
});
