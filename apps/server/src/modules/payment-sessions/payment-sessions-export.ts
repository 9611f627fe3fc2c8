import { PAYMENT_SESSION_EXPORT_COLUMNS } from '@gerbang/contract';
import { keysetCsv } from '../../http/csv-export';
import type { ListPaymentSessionsFilter, PaymentSessionsRepository } from './payment-sessions.repository';

/** The filtered sessions as CSV, newest first, streamed a page at a time along the list's keyset. */
export function paymentSessionsCsv(
  repo: PaymentSessionsRepository,
  filter: ListPaymentSessionsFilter,
): AsyncGenerator<string> {
  return keysetCsv(
    PAYMENT_SESSION_EXPORT_COLUMNS,
    (limit, after) => repo.page(filter, limit, after),
    (session) => PAYMENT_SESSION_EXPORT_COLUMNS.map((column) => session[column] ?? null),
  );
}
