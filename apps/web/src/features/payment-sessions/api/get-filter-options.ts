import {
  type Currency,
  listMerchants,
  listMerchantsResponseSchema,
  listWallets,
  listWalletsResponseSchema,
  PAGE_SIZE_MAX,
  type WalletProvider,
} from '@gerbang/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The merchants an operator can pick (the first hundred by name): to filter sessions by, or, of one
 * currency, to credit a transfer to.
 */
export function useMerchantOptions(enabled: boolean, currency?: Currency) {
  return useQuery({
    queryKey: ['payment-sessions', 'merchant-options'],
    queryFn: async () => {
      const response = await api.get(listMerchants.path, { params: { limit: PAGE_SIZE_MAX } });
      return listMerchantsResponseSchema
        .parse(response.data)
        .items.map((m) => ({ value: m.id, label: m.name, currency: m.currency }));
    },
    select: (options) => (currency ? options.filter((option) => option.currency === currency) : options),
    enabled,
  });
}

/** The receiving accounts of one method an operator can filter sessions by. */
export function useAccountOptions(provider: WalletProvider | null) {
  return useQuery({
    queryKey: ['payment-sessions', 'account-options', provider],
    queryFn: async () => {
      const response = await api.get(listWallets.path, { params: { provider, limit: PAGE_SIZE_MAX } });
      return listWalletsResponseSchema
        .parse(response.data)
        .items.map((account) => ({ value: account.id, label: `${account.label} · ${account.accountNumber}` }));
    },
    enabled: provider !== null,
  });
}
