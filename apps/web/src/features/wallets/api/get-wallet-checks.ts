import { listWalletChecks, listWalletChecksResponseSchema, PAGE_SIZE_DEFAULT } from '@gerbang/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export async function getWalletChecks(id: string, cursor: string | null) {
  const params = { limit: PAGE_SIZE_DEFAULT, cursor: cursor ?? undefined };
  const response = await api.get(endpointPath(listWalletChecks, id), { params });
  return listWalletChecksResponseSchema.parse(response.data);
}

export function getWalletChecksQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: ['wallets', 'checks', id],
    queryFn: ({ pageParam }) => getWalletChecks(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useWalletChecks(id: string) {
  return useInfiniteQuery(getWalletChecksQueryOptions(id));
}
