import { WALLET_SORTS } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createWalletsRepository } from './wallets.repository';

/** Inlines $n parameters as SQL literals (test-only: the values are ours, not user input). */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

const CURSOR_VALUE: Record<string, string> = {
  label: 'Dana 42',
  createdAt: '2026-01-01T00:00:00.000000Z',
  balance: '150000',
};

/**
 * Each dashboard sort must stay a walk along its index, first page and after a cursor: a
 * thousand-account dashboard page must never sort the provider's accounts.
 */
describe('the wallet list query plan', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  for (const sort of WALLET_SORTS) {
    for (const withCursor of [false, true]) {
      it(`reads a dashboard page sorted by ${sort}${withCursor ? ' after a cursor' : ''} along an index without sorting`, async () => {
        const key = sort.replace('-', '');
        const after = withCursor
          ? { sort, value: CURSOR_VALUE[key] as string, id: '00000000-0000-4000-8000-000000000000' }
          : undefined;
        const query = inline(
          createWalletsRepository(database.db).pageQuery({ provider: 'dana', sort }, 50, after).toSQL(),
        );
        const plan = await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          const result = await tx.execute(sql.raw(`explain ${query}`));
          return (result as unknown as { rows: Array<Record<string, string>> }).rows
            .map((row) => Object.values(row)[0])
            .join('\n');
        });
        expect(plan).toMatch(/Index (Only )?Scan (Backward )?using wallet_accounts_(label|created|balance)_idx/);
        expect(plan).not.toMatch(/\bSort\b/);
      });
    }
  }
});
