import {
  approveDepositResolution,
  type CreditDepositTransferBody,
  creditDepositTransfer,
  type DepositOutcome,
  declineDepositResolution,
  depositCandidatesResponseSchema,
  exportDepositTransfers,
  listDepositTransferCandidates,
  listDepositTransfers,
  listDepositTransfersResponseSchema,
  listSessionCandidateTransfers,
  matchDepositTransfer,
  PAGE_SIZE_DEFAULT,
  refundDepositTransferOutside,
  returnDepositTransfer,
  sessionCandidateTransfersResponseSchema,
} from '@gerbang/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/download-csv';
import { endpointPath } from '../../../lib/endpoint-path';
import { queryParams } from '../../../lib/query-params';

export type DepositTransferFilters = { outcome?: DepositOutcome; awaitingReview?: boolean };

function transfersQuery(filters?: DepositTransferFilters) {
  return infiniteQueryOptions({
    queryKey: filters ? ['deposit-transfers', 'list', filters] : ['deposit-transfers', 'list'],
    queryFn: async ({ pageParam }) => {
      const params = queryParams({
        outcome: filters?.outcome,
        awaitingReview: filters?.awaitingReview ? 'true' : undefined,
        limit: PAGE_SIZE_DEFAULT,
        cursor: pageParam,
      });
      const response = await api.get(listDepositTransfers.path, { params });
      return listDepositTransfersResponseSchema.parse(response.data);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useDepositTransfers(filters: DepositTransferFilters) {
  return useInfiniteQuery({ ...transfersQuery(filters), placeholderData: keepPreviousData });
}

/** Downloads the filtered transfers as CSV. */
export function downloadDepositTransfersCsv(filters: DepositTransferFilters): Promise<void> {
  return downloadCsv(
    exportDepositTransfers.path,
    { outcome: filters.outcome, awaitingReview: filters.awaitingReview ? 'true' : undefined },
    'incoming-transfers.csv',
  );
}

/** Refetches every transfer list (after a resolution, or a realtime session change). */
export function useRefreshDepositTransfers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: transfersQuery().queryKey });
}

/** The sessions a queued transfer may have paid, best first (read each time the dialog opens). */
export function useDepositCandidates(transferId: string) {
  return useQuery({
    queryKey: ['deposit-transfers', 'candidates', transferId],
    queryFn: async () =>
      depositCandidatesResponseSchema.parse(
        (await api.get(endpointPath(listDepositTransferCandidates, transferId))).data,
      ),
    staleTime: 0,
  });
}

/** On a session's detail: the queued transfers that may be its payment. */
export function useSessionCandidateTransfers(sessionId: string) {
  return useQuery({
    queryKey: ['deposit-transfers', 'for-session', sessionId],
    queryFn: async () =>
      sessionCandidateTransfersResponseSchema.parse(
        (await api.get(endpointPath(listSessionCandidateTransfers, sessionId))).data,
      ),
  });
}

/** What a resolution did: carried out, or (above the approval amount) waiting for a second operator. */
export type ResolutionOutcome = 'resolved' | 'awaiting_approval';

/** How an operator resolves a queued transfer with a reason (a manual credit has its own form). */
export type ResolutionKind = 'match' | 'refund' | 'return';
const RESOLUTION_ENDPOINTS = {
  match: matchDepositTransfer,
  refund: refundDepositTransferOutside,
  return: returnDepositTransfer,
} as const;

export function useResolveDepositTransfer() {
  const refresh = useRefreshDepositTransfers();
  return useMutation({
    mutationFn: async (input: {
      id: string;
      kind: ResolutionKind;
      note: string;
      paymentSessionId?: string;
    }): Promise<ResolutionOutcome> => {
      const body =
        input.kind === 'match' ? { paymentSessionId: input.paymentSessionId, note: input.note } : { note: input.note };
      const response = await api.post(endpointPath(RESOLUTION_ENDPOINTS[input.kind], input.id), body);
      return response.status === 202 ? 'awaiting_approval' : 'resolved';
    },
    onSuccess: () => refresh(),
  });
}

/** A manual credit of a queued transfer to a merchant; 'awaiting_approval' above the approval amount. */
export function useCreditDepositTransfer() {
  const refresh = useRefreshDepositTransfers();
  return useMutation({
    mutationFn: async ({ id, ...body }: CreditDepositTransferBody & { id: string }): Promise<ResolutionOutcome> => {
      const response = await api.post(endpointPath(creditDepositTransfer, id), body);
      return response.status === 202 ? 'awaiting_approval' : 'resolved';
    },
    onSuccess: () => refresh(),
  });
}

/** A second operator approves (no body) or declines (with why) another's proposal. */
export function useDecideDepositProposal() {
  const refresh = useRefreshDepositTransfers();
  return useMutation({
    mutationFn: async (input: { id: string; decision: 'approve' | 'decline'; note?: string }) => {
      if (input.decision === 'approve') await api.post(endpointPath(approveDepositResolution, input.id), {});
      else await api.post(endpointPath(declineDepositResolution, input.id), { note: input.note });
    },
    onSuccess: () => refresh(),
  });
}
