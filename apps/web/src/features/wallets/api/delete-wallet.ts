import { deleteWallet } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { useRefreshWallets } from './use-refresh-wallets';

/** Only an account that never moved money can be deleted (the server answers HAS_MOVED_MONEY). */
export async function deleteWalletAccount(id: string): Promise<void> {
  await api.delete(endpointPath(deleteWallet, id));
}

export function useDeleteWallet() {
  const refresh = useRefreshWallets();
  return useMutation({ mutationFn: deleteWalletAccount, onSuccess: refresh });
}
