import {
  exportPaymentClaims,
  getPaymentClaimProof,
  listPaymentClaims,
  PAGE_SIZE_DEFAULT,
  type PaymentClaimStatus,
  paymentClaimPageSchema,
  rejectPaymentClaim,
} from '@gerbang/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/download-csv';
import { endpointPath } from '../../../lib/endpoint-path';
import { queryParams } from '../../../lib/query-params';

/** New claims arrive from customers' pages, not from realtime events: the queue looks again this often. */
const REFRESH_MS = 30_000;

function claimsQuery(status?: PaymentClaimStatus | null) {
  return infiniteQueryOptions({
    queryKey: status === undefined ? ['payment-claims', 'list'] : ['payment-claims', 'list', { status }],
    queryFn: async ({ pageParam }) => {
      const params = queryParams({ status: status ?? undefined, limit: PAGE_SIZE_DEFAULT, cursor: pageParam });
      const response = await api.get(listPaymentClaims.path, { params });
      return paymentClaimPageSchema.parse(response.data);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePaymentClaims(status: PaymentClaimStatus | null) {
  return useInfiniteQuery({ ...claimsQuery(status), placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
}

export function useRejectClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; message: string }) => {
      await api.post(endpointPath(rejectPaymentClaim, input.id), { message: input.message });
    },
    // The queue, and the session detail that lists the claim.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['payment-sessions'] }),
      ]),
  });
}

/**
 * The proof image as an object URL of this component's own (it needs the session's token, so no
 * plain <img src>): the image is fetched once and cached; each component that shows it makes its
 * own URL and revokes it when it goes, so closing one view never breaks another's image.
 */
export function useClaimProofUrl(claimId: string, enabled: boolean) {
  const query = useQuery({
    queryKey: ['payment-claims', 'proof', claimId],
    queryFn: async () =>
      (await api.get<Blob>(endpointPath(getPaymentClaimProof, claimId), { responseType: 'blob' })).data,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return { url, isError: query.isError, error: query.error };
}

/** The filtered claims as the server's CSV, saved under the name it gives. */
export function downloadClaimsCsv(status: PaymentClaimStatus | null): Promise<void> {
  return downloadCsv(exportPaymentClaims.path, { status: status ?? undefined }, 'customer-claims.csv');
}
