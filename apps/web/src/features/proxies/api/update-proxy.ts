import {
  type ProxyEntry,
  proxyResponseSchema,
  type UpdateProxyBody,
  updateProxy as updateProxyEndpoint,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshProxies } from './use-refresh-proxies';

export type UpdateProxyInput = { id: string; body: UpdateProxyBody };

/** `password` left out keeps the stored one; `null` clears it. */
export async function updateProxy({ id, body }: UpdateProxyInput): Promise<ProxyEntry> {
  const response = await api.patch(updateProxyEndpoint.path.replace(':id', encodeURIComponent(id)), body);
  return proxyResponseSchema.parse(response.data);
}

export function useUpdateProxy() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: updateProxy, onSuccess: refresh });
}
