import { exportPaymentSessions } from '@gerbang/contract';
import { downloadCsv } from '../../../lib/download-csv';
import type { PaymentSessionFilters } from './get-payment-sessions';

/** Downloads the filtered sessions as CSV. */
export function downloadPaymentSessionsCsv(filters: PaymentSessionFilters): Promise<void> {
  return downloadCsv(exportPaymentSessions.path, filters, 'payment-sessions.csv');
}
