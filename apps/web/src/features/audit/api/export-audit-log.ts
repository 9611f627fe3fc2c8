import { exportAuditLog } from '@gerbang/contract';
import { downloadCsv } from '../../../lib/download-csv';
import type { AuditLogFilters } from './get-audit-log';

/** Downloads the filtered audit entries as CSV. */
export function downloadAuditLogCsv(filters: AuditLogFilters): Promise<void> {
  return downloadCsv(exportAuditLog.path, filters, 'audit-log.csv');
}
