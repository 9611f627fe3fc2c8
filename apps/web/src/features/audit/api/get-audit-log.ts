import { type ListAuditLogQuery, listAuditLog, listAuditLogResponseSchema, PAGE_SIZE_DEFAULT } from '@gerbang/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryParams } from '../../../lib/query-params';

export type AuditLogFilters = Omit<ListAuditLogQuery, 'limit' | 'cursor'>;

export function auditLogQueryOptions(filters: AuditLogFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit-log', 'list', filters],
    queryFn: async ({ pageParam }) => {
      const params = queryParams({ ...filters, limit: PAGE_SIZE_DEFAULT, cursor: pageParam });
      const response = await api.get(listAuditLog.path, { params });
      return listAuditLogResponseSchema.parse(response.data);
    },
    // Keyset pagination: each page hands out the cursor of the next one.
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAuditLog(filters: AuditLogFilters) {
  // Keep the current rows on screen while a new filter loads.
  return useInfiniteQuery({ ...auditLogQueryOptions(filters), placeholderData: keepPreviousData });
}
