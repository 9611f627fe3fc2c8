import {
  type ListOperatorPaymentSessionsQuery,
  listOperatorPaymentSessionsResponseSchema,
  listPaymentSessions,
  PAGE_SIZE_DEFAULT,
} from '@gerbang/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PaymentSessionFilters = Pick<
  ListOperatorPaymentSessionsQuery,
  'status' | 'method' | 'merchantId' | 'walletAccountId' | 'search' | 'createdFrom' | 'createdTo'
>;

/** The filters as query parameters, without the empty ones. */
export function filterParams(filters: object | undefined): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(filters ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

/** Without filters: the key prefix of every session list, for refetching on a realtime update. */
export function paymentSessionsQueryOptions(filters?: PaymentSessionFilters) {
  return infiniteQueryOptions({
    queryKey: filters ? ['payment-sessions', 'list', filters] : ['payment-sessions', 'list'],
    queryFn: async ({ pageParam }) => {
      const params = filterParams({ ...filters, limit: PAGE_SIZE_DEFAULT, cursor: pageParam });
      const response = await api.get(listPaymentSessions.path, { params });
      return listOperatorPaymentSessionsResponseSchema.parse(response.data);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePaymentSessions(filters: PaymentSessionFilters) {
  return useInfiniteQuery({ ...paymentSessionsQueryOptions(filters), placeholderData: keepPreviousData });
}
