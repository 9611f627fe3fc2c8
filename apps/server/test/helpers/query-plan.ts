import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/database';

/** Inlines $n parameters as SQL literals (test-only: the values are ours, not user input). */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

/**
 * The plan PostgreSQL would run `query` with, as text. On an almost empty table a sequential or
 * bitmap scan is cheaper; they are forbidden to see what the indexes allow (an ordered walk along
 * an index needs no Sort node).
 */
export async function indexPlanOf(database: DatabaseHandle, query: { sql: string; params: unknown[] }) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = await tx.execute(sql.raw(`explain ${inline(query)}`));
    return (result as unknown as { rows: Array<Record<string, string>> }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
  });
}
