import { getWallet as getWalletEndpoint, type WalletAccount, walletResponseSchema } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export async function getWallet(id: string): Promise<WalletAccount> {
  const response = await api.get(endpointPath(getWalletEndpoint, id));
  return walletResponseSchema.parse(response.data);
}

export function getWalletQueryOptions(id: string) {
  return queryOptions({ queryKey: ['wallets', 'detail', id], queryFn: () => getWallet(id) });
}

export function useWallet(id: string) {
  return useQuery(getWalletQueryOptions(id));
}
