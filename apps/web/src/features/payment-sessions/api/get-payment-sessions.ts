import {
  type ListOperatorPaymentSessionsQuery,
  listOperatorPaymentSessionsResponseSchema,
  listPaymentSessions,
  PAGE_SIZE_DEFAULT,
} from '@gerbang/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryParams } from '../../../lib/query-params';

export type PaymentSessionFilters = Pick<
  ListOperatorPaymentSessionsQuery,
  'status' | 'method' | 'merchantId' | 'walletAccountId' | 'search' | 'createdFrom' | 'createdTo' | 'mode'
>;

/** Without filters: the key prefix of every session list, for refetching on a realtime update. */
export function paymentSessionsQueryOptions(filters?: PaymentSessionFilters) {
  return infiniteQueryOptions({
    queryKey: filters ? ['payment-sessions', 'list', filters] : ['payment-sessions', 'list'],
    queryFn: async ({ pageParam }) => {
      const params = queryParams({ ...filters, limit: PAGE_SIZE_DEFAULT, cursor: pageParam });
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
