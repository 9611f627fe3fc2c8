import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database';

/**
 * Every table's rows hashed (md5 of the rows as JSON, in order): equal fingerprints mean equal
 * contents. `skip` names tables that change by themselves (the scheduler's bookkeeping) and
 * `ignore` columns that record use rather than change (a token's last use).
 */
export async function databaseFingerprint(
  db: Database,
  skip: readonly string[],
  ignore: Record<string, readonly string[]> = {},
): Promise<Record<string, string>> {
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { name: string }[] }
  ).rows
    .map((row) => row.name)
    .filter((name) => !skip.includes(name));
  const fingerprint: Record<string, string> = {};
  for (const table of tables) {
    const row = `(to_jsonb(t)${(ignore[table] ?? []).map((column) => ` - '${column}'`).join('')})::text`;
    const result = (await db.execute(
      sql.raw(
        `select count(*)::int as count, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as hash from "${table}" t`,
      ),
    )) as unknown as { rows: { count: number; hash: string }[] };
    const [summary] = result.rows;
    fingerprint[table] = `${summary?.count} rows ${summary?.hash}`;
  }
  return fingerprint;
}
