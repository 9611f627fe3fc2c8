import { z } from 'zod';
import { AppError } from './app-error';

/**
 * Opaque cursor of every keyset-paginated list (users, health-check runs, connection log): base64url of
 * JSON [timestamp with microseconds, id] of the last row of the page. Microseconds matter: a JS
 * Date keeps milliseconds only, and a truncated cursor would repeat or skip rows.
 */
export type KeysetCursor = { at: string; id: string };

const cursorSchema = z.tuple([z.iso.datetime({ precision: 6 }), z.uuid()]);

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

export function decodeKeysetCursor(value: string | undefined): KeysetCursor | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', 'Invalid input: querystring.cursor', {
      fields: { 'querystring.cursor': 'This cursor is not valid; start again from the first page' },
    });
  }
  return { at: result.data[0], id: result.data[1] };
}

/** Cuts a `limit + 1` row read into a page and the cursor of the next one. */
export function toPage<R extends { cursorAt: string; id: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeKeysetCursor({ at: last.cursorAt, id: last.id }) : null;
  return { items: page.map(map), nextCursor };
}
