import { exportPaymentSessions } from '@gerbang/contract';
import { api } from '../../../lib/api-client';
import { queryParams } from '../../../lib/query-params';
import type { PaymentSessionFilters } from './get-payment-sessions';

/**
 * Downloads the filtered sessions as CSV. The server streams it; the browser keeps the file and
 * saves it under the name the server gives.
 */
export async function downloadPaymentSessionsCsv(filters: PaymentSessionFilters): Promise<void> {
  const response = await api.get<Blob>(exportPaymentSessions.path, {
    params: queryParams(filters),
    responseType: 'blob',
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'payment-sessions.csv';
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
