import {
  chargePayoutExceptionToMerchant,
  listPayoutExceptions,
  listPayoutExceptionsResponseSchema,
  PAGE_SIZE_DEFAULT,
  writeOffPayoutException,
} from '@gerbang/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { queryParams } from '../../../lib/query-params';

function exceptionsQuery(awaitingReview?: boolean) {
  return infiniteQueryOptions({
    queryKey:
      awaitingReview === undefined ? ['payout-exceptions', 'list'] : ['payout-exceptions', 'list', { awaitingReview }],
    queryFn: async ({ pageParam }) => {
      const params = queryParams({
        awaitingReview: awaitingReview ? 'true' : undefined,
        limit: PAGE_SIZE_DEFAULT,
        cursor: pageParam,
      });
      const response = await api.get(listPayoutExceptions.path, { params });
      return listPayoutExceptionsResponseSchema.parse(response.data);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePayoutExceptions(awaitingReview: boolean) {
  return useInfiniteQuery({ ...exceptionsQuery(awaitingReview), placeholderData: keepPreviousData });
}

/** Refetches every payout exception list (after a resolution, or a realtime withdrawal change). */
export function useRefreshPayoutExceptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: exceptionsQuery().queryKey });
}

export function useResolvePayoutException() {
  const refresh = useRefreshPayoutExceptions();
  return useMutation({
    mutationFn: async (input: { id: string; kind: 'charge' | 'writeOff'; note: string }) => {
      const endpoint = input.kind === 'charge' ? chargePayoutExceptionToMerchant : writeOffPayoutException;
      await api.post(endpointPath(endpoint, input.id), { note: input.note });
    },
    onSuccess: () => refresh(),
  });
}
