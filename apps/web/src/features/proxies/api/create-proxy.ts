import {
  type CreateProxyBody,
  createProxy as createProxyEndpoint,
  type ProxyEntry,
  proxyResponseSchema,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshProxies } from './use-refresh-proxies';

export async function createProxy(body: CreateProxyBody): Promise<ProxyEntry> {
  const response = await api.post(createProxyEndpoint.path, body);
  return proxyResponseSchema.parse(response.data);
}

export function useCreateProxy() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: createProxy, onSuccess: refresh });
}
