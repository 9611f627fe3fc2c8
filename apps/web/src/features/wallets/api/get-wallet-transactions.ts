import { listWalletTransactions, listWalletTransactionsResponseSchema, PAGE_SIZE_DEFAULT } from '@gerbang/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export async function getWalletTransactions(id: string, cursor: string | null) {
  const params = { limit: PAGE_SIZE_DEFAULT, cursor: cursor ?? undefined };
  const response = await api.get(endpointPath(listWalletTransactions, id), { params });
  return listWalletTransactionsResponseSchema.parse(response.data);
}

export function getWalletTransactionsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: ['wallets', 'transactions', id],
    queryFn: ({ pageParam }) => getWalletTransactions(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useWalletTransactions(id: string) {
  return useInfiniteQuery(getWalletTransactionsQueryOptions(id));
}
