import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { KeysetCursor } from './keyset-cursor';

/** Rows read per query: an export holds at most this many rows in memory at a time. */
export const EXPORT_PAGE_ROWS = 500;

/**
 * One CSV field (RFC 4180). A text a spreadsheet would run as a formula (=, +, -, @, tab or
 * carriage return first: OWASP "CSV injection") gets a leading apostrophe; merchants choose their
 * reference numbers, and anyone may type an email or a device's name.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line of a row's fields, in the export's column order. */
export function csvLine(fields: readonly (string | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * A keyset list as CSV, newest first, a page of rows per chunk along the list's own keyset read
 * (`readPage` gives `limit + 1` rows after a cursor): memory stays flat however many rows match,
 * and the response is streamed as it is read.
 */
export async function* keysetCsv<R extends { cursorAt: string; id: string }>(
  columns: readonly string[],
  readPage: (limit: number, after: KeysetCursor | undefined) => Promise<R[]>,
  fieldsOf: (row: R) => readonly (string | null)[],
): AsyncGenerator<string> {
  yield `${columns.join(',')}\r\n`;
  let after: KeysetCursor | undefined;
  for (;;) {
    const rows = await readPage(EXPORT_PAGE_ROWS, after);
    const page = rows.slice(0, EXPORT_PAGE_ROWS);
    if (page.length > 0) yield page.map((row) => csvLine(fieldsOf(row))).join('');
    const last = page.at(-1);
    if (rows.length <= EXPORT_PAGE_ROWS || !last) return;
    after = { at: last.cursorAt, id: last.id };
  }
}

/**
 * Sends a list's CSV export as a download named `<name>-<today, UTC>.csv`, streamed as its lines
 * are read (no serializer runs on a stream).
 */
export function sendCsvExport(reply: FastifyReply, name: string, lines: AsyncIterable<string>) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(Readable.from(lines));
}
