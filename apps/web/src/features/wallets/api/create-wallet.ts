import { type CreateWalletBody, createWallet, type WalletAccount, walletResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshWallets } from './use-refresh-wallets';

export async function createWalletAccount(body: CreateWalletBody): Promise<WalletAccount> {
  const response = await api.post(createWallet.path, body);
  return walletResponseSchema.parse(response.data);
}

export function useCreateWallet() {
  const refresh = useRefreshWallets();
  return useMutation({ mutationFn: createWalletAccount, onSuccess: refresh });
}
