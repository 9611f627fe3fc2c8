import {
  AUDIT_EXPORT_COLUMNS,
  type AuditLogEntry,
  type ExportAuditLogQuery,
  type ListAuditLogResponse,
} from '@gerbang/contract';
import { notFound } from '../../http/app-error';
import { keysetCsv } from '../../http/csv-export';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { AuditLogFilter, AuditLogPageRead, AuditLogRow } from './audit-log-page.repository';

type ListQuery = Omit<AuditLogFilter, 'actorMerchantId'> & { limit: number; cursor?: string };

/** A CSV field of an entry: `details` as its JSON text, the rest as they are. */
function exportFields(row: AuditLogRow): (string | null)[] {
  return AUDIT_EXPORT_COLUMNS.map((column) => {
    if (column === 'details') return row.details ? JSON.stringify(row.details) : null;
    return row[column];
  });
}

/**
 * The audit page: the log newest first under its filters, one entry, and the same as CSV.
 * `scope` is the merchant of a Merchant user (its own users' entries only), undefined for operators.
 */
export function createAuditLogService(deps: { pages: AuditLogPageRead }) {
  const { pages } = deps;
  return {
    async list(query: ListQuery, scope: string | undefined): Promise<ListAuditLogResponse> {
      const { limit, cursor, ...filter } = query;
      const rows = await pages.page({ ...filter, actorMerchantId: scope }, limit, decodeKeysetCursor(cursor, 'serial'));
      return toPage(rows, limit);
    },

    async get(id: string, scope: string | undefined): Promise<AuditLogEntry> {
      const entry = await pages.find(id, scope);
      if (!entry) throw notFound('Audit entry');
      return entry;
    },

    csv(query: ExportAuditLogQuery, scope: string | undefined): AsyncGenerator<string> {
      const filter: AuditLogFilter = { ...query, actorMerchantId: scope };
      return keysetCsv(AUDIT_EXPORT_COLUMNS, (limit, after) => pages.page(filter, limit, after), exportFields);
    },
  };
}
export type AuditLogService = ReturnType<typeof createAuditLogService>;
