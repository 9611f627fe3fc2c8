import { getWalletSummary, type WalletProvider, type WalletSummary, walletSummarySchema } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getWalletSummaryOf(provider: WalletProvider): Promise<WalletSummary> {
  const response = await api.get(getWalletSummary.path, { params: { provider } });
  return walletSummarySchema.parse(response.data);
}

export function getWalletSummaryQueryOptions(provider?: WalletProvider) {
  return queryOptions({
    queryKey: provider ? ['wallets', 'summary', provider] : ['wallets', 'summary'],
    queryFn: () => getWalletSummaryOf(provider ?? 'dana'),
  });
}

export function useWalletSummary(provider: WalletProvider) {
  return useQuery(getWalletSummaryQueryOptions(provider));
}
