import { setWalletProxy, type WalletAccount, walletResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { useRefreshWallets } from './use-refresh-wallets';

export async function setProxy({ id, proxyId }: { id: string; proxyId: string | null }): Promise<WalletAccount> {
  const response = await api.put(endpointPath(setWalletProxy, id), { proxyId });
  return walletResponseSchema.parse(response.data);
}

export function useSetWalletProxy() {
  const refresh = useRefreshWallets();
  return useMutation({ mutationFn: setProxy, onSuccess: refresh });
}
