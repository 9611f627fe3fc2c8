import { disableWallet, enableWallet, type WalletAccount, walletResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { useRefreshWallets } from './use-refresh-wallets';

type Change = { id: string; action: 'disable'; reason: string } | { id: string; action: 'enable' };

/** Disable (with the operator's reason) or enable an account; enabling clears an auto-disable too. */
export async function changeWalletStatus(change: Change): Promise<WalletAccount> {
  const response =
    change.action === 'disable'
      ? await api.post(endpointPath(disableWallet, change.id), { reason: change.reason })
      : await api.post(endpointPath(enableWallet, change.id), {});
  return walletResponseSchema.parse(response.data);
}

export function useChangeWalletStatus() {
  const refresh = useRefreshWallets();
  return useMutation({ mutationFn: changeWalletStatus, onSuccess: refresh });
}
