import { and, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { KeysetCursor } from '../http/keyset-cursor';
import type { Database } from './database';
import { cursorText } from './iso-text';
import { named, preparedRead } from './prepared-read';

type Columns = Record<string, SQL.Aliased>;

/**
 * The keyset page of one owner's log (an account's transfers, a device's connections, a check
 * history), newest first along an (owner, time DESC, id DESC) index: `limit + 1` rows selected in
 * their answer's form (`columns`) with the row's `cursorAt` (its `at`, for `toPage`), one prepared
 * statement with and one without a cursor. `ownedBy` is the owner's condition on its `ownerId`
 * placeholder.
 */
export function newestFirstRead<TRow>(
  db: Database,
  log: {
    table: PgTable;
    columns: Columns;
    at: PgColumn;
    id: PgColumn;
    ownedBy: (ownerId: Placeholder) => SQL | undefined;
  },
) {
  const { table, at, id, ownedBy } = log;
  const columns = { ...log.columns, cursorAt: named<string>('cursorAt', cursorText(at)) };
  const pageQuery = (shape: string) => {
    const placeholder = sql.placeholder;
    return (
      db
        .select(columns)
        .from(table)
        .where(
          and(
            ownedBy(placeholder('ownerId')),
            shape === 'after'
              ? sql`(${at}, ${id}) < (${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')}::uuid)`
              : undefined,
          ),
        )
        // NULLS LAST as the indexes have it: a plain DESC would sort the rows instead of walking them.
        .orderBy(sql`${at} desc nulls last`, sql`${id} desc nulls last`)
        .limit(placeholder('limit'))
    );
  };
  return preparedRead<[ownerId: string, limit: number, after?: KeysetCursor], TRow & { cursorAt: string }>(
    db,
    pageQuery,
    (ownerId, limit, after) => [
      after ? 'after' : 'first',
      { ownerId, afterAt: after?.at, afterId: after?.id, limit: limit + 1 },
    ],
  );
}
