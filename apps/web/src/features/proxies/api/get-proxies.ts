import {
  type ListProxiesResponse,
  listProxies,
  listProxiesResponseSchema,
  type ProxyCheckStatus,
  type ProxyType,
} from '@gerbang/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ProxyFilters = { q: string; type: ProxyType | null; checkStatus: ProxyCheckStatus | null };

export async function getProxies(filters: ProxyFilters): Promise<ListProxiesResponse> {
  // Empty filters are left out: the server treats a missing filter as "any".
  const params = {
    q: filters.q.trim() || undefined,
    type: filters.type ?? undefined,
    checkStatus: filters.checkStatus ?? undefined,
  };
  const response = await api.get(listProxies.path, { params });
  return listProxiesResponseSchema.parse(response.data);
}

/** Without filters this gives the key prefix shared by every proxy list, for invalidation. */
export function getProxiesQueryOptions(filters?: ProxyFilters) {
  return queryOptions({
    queryKey: filters ? ['proxies', 'list', filters] : ['proxies', 'list'],
    queryFn: () => getProxies(filters ?? { q: '', type: null, checkStatus: null }),
  });
}

export function useProxies(filters: ProxyFilters) {
  // Keep the current rows on screen while a new search or filter loads.
  return useQuery({ ...getProxiesQueryOptions(filters), placeholderData: keepPreviousData });
}
