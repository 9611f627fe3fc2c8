import { type ListApiLogsQuery, listApiLogs, listApiLogsResponseSchema, PAGE_SIZE_DEFAULT } from '@gerbang/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryParams } from '../../../lib/query-params';

export type ApiLogFilters = Omit<ListApiLogsQuery, 'limit' | 'cursor'>;

export function apiLogsQueryOptions(filters: ApiLogFilters) {
  return infiniteQueryOptions({
    queryKey: ['api-logs', 'list', filters],
    queryFn: async ({ pageParam }) => {
      const params = queryParams({ ...filters, limit: PAGE_SIZE_DEFAULT, cursor: pageParam });
      const response = await api.get(listApiLogs.path, { params });
      return listApiLogsResponseSchema.parse(response.data);
    },
    // Keyset pagination: each page hands out the cursor of the next one.
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useApiLogs(filters: ApiLogFilters) {
  // Keep the current rows on screen while a new filter loads.
  return useInfiniteQuery({ ...apiLogsQueryOptions(filters), placeholderData: keepPreviousData });
}
