import { type UpdateWalletBody, updateWallet, type WalletAccount, walletResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { useRefreshWallets } from './use-refresh-wallets';

export async function updateWalletAccount({ id, ...body }: UpdateWalletBody & { id: string }): Promise<WalletAccount> {
  const response = await api.patch(endpointPath(updateWallet, id), body);
  return walletResponseSchema.parse(response.data);
}

export function useUpdateWallet() {
  const refresh = useRefreshWallets();
  return useMutation({ mutationFn: updateWalletAccount, onSuccess: refresh });
}
