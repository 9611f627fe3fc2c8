import { deleteProxy as deleteProxyEndpoint } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshProxies } from './use-refresh-proxies';

export async function deleteProxy(id: string): Promise<void> {
  await api.delete(deleteProxyEndpoint.path.replace(':id', encodeURIComponent(id)));
}

export function useDeleteProxy() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: deleteProxy, onSuccess: refresh });
}
