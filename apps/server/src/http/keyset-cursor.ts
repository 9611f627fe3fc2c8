import { z } from 'zod';
import { AppError } from './app-error';

/**
 * Opaque cursor of every keyset-paginated list (users, health-check runs, connection log): base64url of
 * JSON [timestamp with microseconds, id] of the last row of the page. Microseconds matter: a JS
 * Date keeps milliseconds only, and a truncated cursor would repeat or skip rows.
 */
export type KeysetCursor = { at: string; id: string };

/**
 * The ids a cursor may carry: most tables' uuids, or the decimal text of a bigserial (the audit
 * log's), at most 18 digits so it always fits a bigint.
 */
const CURSOR_SCHEMAS = {
  uuid: z.tuple([z.iso.datetime({ precision: 6 }), z.uuid()]),
  serial: z.tuple([z.iso.datetime({ precision: 6 }), z.string().regex(/^[1-9][0-9]{0,17}$/)]),
} as const;
export type KeysetIdKind = keyof typeof CURSOR_SCHEMAS;

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', 'Invalid input: querystring.cursor', {
    fields: { 'querystring.cursor': 'This cursor is not valid; start again from the first page' },
  });

function readCursor<T extends z.ZodType>(value: string, schema: T): z.output<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  return result.data;
}

export function decodeKeysetCursor(value: string | undefined, idKind: KeysetIdKind = 'uuid'): KeysetCursor | undefined {
  if (value === undefined) return undefined;
  const [at, id] = readCursor(value, CURSOR_SCHEMAS[idKind]);
  return { at, id };
}

/**
 * Cuts a `limit + 1` row read into a page and the cursor of the next one. Without `map`, rows
 * that are already answer items go out as they are: the response serializer writes only the
 * schema's properties, so the row's cursorAt stays behind without a copy of each row.
 */
export function toPage<R extends { cursorAt: string; id: string }>(
  rows: R[],
  limit: number,
): { items: R[]; nextCursor: string | null };
export function toPage<R extends { cursorAt: string; id: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null };
export function toPage<R extends { cursorAt: string; id: string }, T>(
  rows: R[],
  limit: number,
  map?: (row: R) => T,
): { items: (R | T)[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeKeysetCursor({ at: last.cursorAt, id: last.id }) : null;
  return { items: map ? page.map(map) : page, nextCursor };
}

/**
 * The same cursor for lists sorted by another column (a label, an amount): JSON [sort, value, id],
 * where `value` is the row's sort value as text. The sort is part of the cursor, so a cursor taken
 * under one sort is refused under another instead of skipping rows.
 */
export type SortedKeysetCursor = { sort: string; value: string; id: string };

const sortedCursorSchema = z.tuple([z.string().max(40), z.string().max(200), z.uuid()]);

export function decodeSortedKeysetCursor(value: string | undefined, sort: string): SortedKeysetCursor | undefined {
  if (value === undefined) return undefined;
  const [cursorSort, sortValue, id] = readCursor(value, sortedCursorSchema);
  if (cursorSort !== sort) throw invalidCursor();
  return { sort, value: sortValue, id };
}

/** toPage for sorted lists: rows carry their sort value as text (without `map`, rows are items). */
export function toSortedPage<R extends { sortValue: string; id: string }>(
  rows: R[],
  limit: number,
  sort: string,
): { items: R[]; nextCursor: string | null };
export function toSortedPage<R extends { sortValue: string; id: string }, T>(
  rows: R[],
  limit: number,
  sort: string,
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null };
export function toSortedPage<R extends { sortValue: string; id: string }, T>(
  rows: R[],
  limit: number,
  sort: string,
  map?: (row: R) => T,
): { items: (R | T)[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? Buffer.from(JSON.stringify([sort, last.sortValue, last.id])).toString('base64url')
      : null;
  return { items: map ? page.map(map) : page, nextCursor };
}
