import { type SQL, sql } from 'drizzle-orm';

/**
 * Deadlines are set and compared in the database's clock (one clock for every instance), never
 * half in Node and half in SQL: `now() + <seconds>` as a value to store with a move.
 */
export const secondsFromNow = (seconds: number): SQL => sql`now() + ${`${seconds} seconds`}::interval`;

/** The database's now(), to store as a moment a move happened (completed_at, confirmed_at, …). */
export const databaseNow = (): SQL => sql`now()`;
