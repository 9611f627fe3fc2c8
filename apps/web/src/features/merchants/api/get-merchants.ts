import {
  type ListMerchantsQuery,
  type ListMerchantsResponse,
  listMerchants,
  listMerchantsResponseSchema,
  PAGE_SIZE_DEFAULT,
} from '@gerbang/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryParams } from '../../../lib/query-params';

export type MerchantListFilters = Pick<ListMerchantsQuery, 'q' | 'status'>;

export async function getMerchants(
  filters: MerchantListFilters,
  cursor: string | null,
): Promise<ListMerchantsResponse> {
  const params = queryParams({ ...filters, limit: PAGE_SIZE_DEFAULT, cursor });
  const response = await api.get(listMerchants.path, { params });
  return listMerchantsResponseSchema.parse(response.data);
}

/** Without filters this gives the key prefix shared by every merchant list, for invalidation. */
export function getMerchantsQueryOptions(filters?: MerchantListFilters) {
  return infiniteQueryOptions({
    queryKey: filters ? ['merchants', 'list', filters] : ['merchants', 'list'],
    queryFn: ({ pageParam }) => getMerchants(filters ?? {}, pageParam),
    // Keyset pagination: each page hands out the cursor of the next one.
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useMerchants(filters: MerchantListFilters) {
  return useInfiniteQuery({ ...getMerchantsQueryOptions(filters), placeholderData: keepPreviousData });
}
