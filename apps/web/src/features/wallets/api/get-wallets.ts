import {
  type ListWalletsQuery,
  type ListWalletsResponse,
  listWallets,
  listWalletsResponseSchema,
  PAGE_SIZE_DEFAULT,
} from '@gerbang/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryParams } from '../../../lib/query-params';

export type WalletListFilters = Required<Pick<ListWalletsQuery, 'provider' | 'sort'>> &
  Pick<ListWalletsQuery, 'q' | 'status' | 'login' | 'health'>;

export async function getWallets(filters: WalletListFilters, cursor: string | null): Promise<ListWalletsResponse> {
  const params = queryParams({ ...filters, limit: PAGE_SIZE_DEFAULT, cursor });
  const response = await api.get(listWallets.path, { params });
  return listWalletsResponseSchema.parse(response.data);
}

/** Without filters this gives the key prefix shared by every wallet list, for invalidation. */
export function getWalletsQueryOptions(filters?: WalletListFilters) {
  return infiniteQueryOptions({
    queryKey: filters ? ['wallets', 'list', filters] : ['wallets', 'list'],
    queryFn: ({ pageParam }) => getWallets(filters ?? { provider: 'dana', sort: 'label' }, pageParam),
    // Keyset pagination: each page hands out the cursor of the next one.
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useWallets(filters: WalletListFilters) {
  // Keep the current rows on screen while a new search or filter loads.
  return useInfiniteQuery({ ...getWalletsQueryOptions(filters), placeholderData: keepPreviousData });
}
