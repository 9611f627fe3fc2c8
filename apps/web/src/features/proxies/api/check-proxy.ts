import { checkProxy as checkProxyEndpoint, type ProxyEntry, proxyResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshProxies } from './use-refresh-proxies';

/** Runs the check now; the answer is the proxy with the recorded outcome. */
export async function checkProxy(id: string): Promise<ProxyEntry> {
  const response = await api.post(checkProxyEndpoint.path.replace(':id', encodeURIComponent(id)));
  return proxyResponseSchema.parse(response.data);
}

export function useCheckProxy() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: checkProxy, onSuccess: refresh });
}
