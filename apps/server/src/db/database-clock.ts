import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * Deadlines are set and compared in the database's clock (one clock for every instance), never
 * half in Node and half in SQL: `now() + <seconds>` as a value to store with a move (the seconds a
 * value, or a placeholder of a prepared statement).
 */
export const secondsFromNow = (seconds: number | Placeholder): SQL => sql`now() + make_interval(secs => ${seconds})`;

/** The database's now(), to store as a moment a move happened (completed_at, confirmed_at, …). */
export const databaseNow = (): SQL => sql`now()`;
