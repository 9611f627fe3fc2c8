import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A timestamptz as the answers write it (UTC, milliseconds, `Z`: what Date#toISOString gives),
 * made by PostgreSQL, so a row needs no Date round trip on its way to JSON. Null stays null.
 */
export const isoText = (column: SQLWrapper): SQL<string> =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The same with microseconds, for keyset cursors: a JS Date keeps milliseconds only, and a
 * truncated cursor would repeat or skip rows created in the same millisecond.
 */
export const cursorText = (column: SQLWrapper): SQL<string> =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
