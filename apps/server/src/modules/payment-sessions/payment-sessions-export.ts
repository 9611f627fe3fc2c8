import { type OperatorPaymentSession, PAYMENT_SESSION_EXPORT_COLUMNS } from '@gerbang/contract';
import type { KeysetCursor } from '../../http/keyset-cursor';
import type { ListPaymentSessionsFilter, PaymentSessionsRepository } from './payment-sessions.repository';

/** Rows read per query: the export holds at most this many sessions in memory at a time. */
export const EXPORT_PAGE_ROWS = 500;

/**
 * One CSV field (RFC 4180). A text a spreadsheet would run as a formula (=, +, -, @, tab or
 * carriage return first: OWASP "CSV injection") gets a leading apostrophe; merchants choose their
 * reference numbers.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(session: OperatorPaymentSession): string {
  return `${PAYMENT_SESSION_EXPORT_COLUMNS.map((column) => csvField(session[column] ?? null)).join(',')}\r\n`;
}

/**
 * The filtered sessions as CSV, newest first, a page of rows per chunk along the list's keyset:
 * memory stays flat however many rows match (the response is streamed as it is read).
 */
export async function* paymentSessionsCsv(
  repo: PaymentSessionsRepository,
  filter: ListPaymentSessionsFilter,
): AsyncGenerator<string> {
  yield `${PAYMENT_SESSION_EXPORT_COLUMNS.join(',')}\r\n`;
  let after: KeysetCursor | undefined;
  for (;;) {
    const rows = await repo.page(filter, EXPORT_PAGE_ROWS, after);
    const page = rows.slice(0, EXPORT_PAGE_ROWS);
    if (page.length > 0) {
      yield page.map(csvLine).join('');
    }
    const last = page.at(-1);
    if (rows.length <= EXPORT_PAGE_ROWS || !last) return;
    after = { at: last.cursorAt, id: last.id };
  }
}
