import type { Lifecycle } from '@gerbang/contract';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/** A table whose rows live a lifecycle: an id and a status column. */
type LifecycleTable = PgTable & { id: PgColumn; status: PgColumn };

export type GuardedMove<T extends LifecycleTable> = {
  /** Columns set with the move (status and updated_at are the helper's). */
  set?: PgUpdateSetSource<T>;
  /** More conditions the row must meet, checked in the same WHERE (a deadline against now()). */
  where?: SQL;
};

/**
 * The one way a row moves through its lifecycle: `UPDATE … SET status = <to> WHERE id = $1 AND
 * status IN (<the event's from-states>)`, the event and its states read from the contract's table,
 * never from the caller. It returns the new row and the state it left, read under the row's lock
 * (a sub-select FOR UPDATE in the same statement), so the timeline records where the row really
 * came from. null: the row was in none of those states, or failed `where` (someone else moved it).
 */
export async function guardedTransition<T extends LifecycleTable, S extends string, E extends string>(
  tx: Database,
  table: T,
  lifecycle: Lifecycle<S, E>,
  id: string,
  event: E,
  move: GuardedMove<T> = {},
): Promise<{ row: T['$inferSelect']; from: S } | null> {
  const { from, to } = lifecycle.events[event];
  const before = tx
    .select({ id: table.id, status: table.status })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update')
    .as('before');
  const [moved] = (await tx
    .update(table)
    .set({ ...move.set, status: to, updatedAt: sql`now()` } as PgUpdateSetSource<T>)
    .from(before)
    .where(and(eq(table.id, before.id), inArray(before.status, [...from]), move.where))
    .returning({ ...getTableColumns(table), fromStatus: before.status })) as (T['$inferSelect'] & {
    fromStatus: S;
  })[];
  if (!moved) return null;
  const { fromStatus, ...row } = moved;
  return { row: row as T['$inferSelect'], from: fromStatus };
}
