import { listProxies, listProxiesResponseSchema, type ProxyEntry } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Proxies an account may go out through: only those whose last check succeeded. */
export async function getProxyOptions(): Promise<ProxyEntry[]> {
  const response = await api.get(listProxies.path, { params: { checkStatus: 'ok' } });
  return listProxiesResponseSchema.parse(response.data).items;
}

export function getProxyOptionsQueryOptions() {
  return queryOptions({ queryKey: ['wallets', 'proxy-options'], queryFn: getProxyOptions });
}

export function useProxyOptions(enabled: boolean) {
  return useQuery({ ...getProxyOptionsQueryOptions(), enabled });
}
