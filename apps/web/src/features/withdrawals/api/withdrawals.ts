import {
  approveWithdrawalRequest,
  type CreateWithdrawalRequestBody,
  cancelWithdrawalRequest,
  createWithdrawalRequest,
  executeWithdrawalRequest,
  exportWithdrawals,
  getWithdrawal,
  listWithdrawals,
  listWithdrawalsResponseSchema,
  type Mode,
  markWithdrawalPaid,
  PAGE_SIZE_DEFAULT,
  type ReconcileWithdrawalBody,
  type ReviewWithdrawalNameBody,
  reconcileWithdrawal,
  rejectWithdrawalRequest,
  reviewWithdrawalName,
  simulateConsoleWithdrawal,
  type TestPayoutOutcome,
  teamApprovalSchema,
  type WithdrawalKind,
  type WithdrawalStatus,
  withdrawalDetailSchema,
} from '@gerbang/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/download-csv';
import { endpointPath } from '../../../lib/endpoint-path';
import { queryParams } from '../../../lib/query-params';

/** `mode`: operators' only (a Merchant user's mode is its console's switch). */
export type WithdrawalFilters = { status?: WithdrawalStatus; kind?: WithdrawalKind; mode?: Mode };

function withdrawalsQuery(filters?: WithdrawalFilters) {
  return infiniteQueryOptions({
    queryKey: filters ? ['withdrawals', 'list', filters] : ['withdrawals', 'list'],
    queryFn: async ({ pageParam }) => {
      const params = queryParams({
        status: filters?.status,
        kind: filters?.kind,
        mode: filters?.mode,
        limit: PAGE_SIZE_DEFAULT,
        cursor: pageParam,
      });
      const response = await api.get(listWithdrawals.path, { params });
      return listWithdrawalsResponseSchema.parse(response.data);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useWithdrawals(filters: WithdrawalFilters) {
  return useInfiniteQuery({ ...withdrawalsQuery(filters), placeholderData: keepPreviousData });
}

export function withdrawalDetailQuery(id: string) {
  return queryOptions({
    queryKey: ['withdrawals', 'detail', id],
    queryFn: async () => withdrawalDetailSchema.parse((await api.get(endpointPath(getWithdrawal, id))).data),
  });
}

export function useWithdrawalDetail(id: string) {
  return useQuery(withdrawalDetailQuery(id));
}

/** Lists and details refetch (after an action, or a realtime change). */
export function useRefreshWithdrawals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
}

/**
 * The merchant asks for a settlement: made at once (its detail), or, above the team's approval
 * amount for a member who is not an owner, kept for an owner (202: the approval request).
 */
export function useRequestWithdrawal() {
  const refresh = useRefreshWithdrawals();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWithdrawalRequestBody) => {
      const response = await api.post(createWithdrawalRequest.path, body);
      return response.status === 202
        ? { waitsForOwner: teamApprovalSchema.parse(response.data) }
        : { withdrawal: withdrawalDetailSchema.parse(response.data) };
    },
    // A request kept for an owner shows among the member's own at once.
    onSuccess: async () => {
      await refresh();
      await queryClient.invalidateQueries({ queryKey: ['team', 'approvals'] });
    },
  });
}

export type WithdrawalAction =
  | { kind: 'cancel' | 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'execute'; walletAccountId?: string }
  | { kind: 'markPaid'; reference: string; note?: string }
  | ({ kind: 'reconcile' } & ReconcileWithdrawalBody)
  | ({ kind: 'nameReview' } & ReviewWithdrawalNameBody)
  | { kind: 'simulate'; outcome: TestPayoutOutcome };

const ENDPOINTS = {
  cancel: cancelWithdrawalRequest,
  approve: approveWithdrawalRequest,
  reject: rejectWithdrawalRequest,
  execute: executeWithdrawalRequest,
  markPaid: markWithdrawalPaid,
  reconcile: reconcileWithdrawal,
  nameReview: reviewWithdrawalName,
  simulate: simulateConsoleWithdrawal,
} as const;

/** One action on one withdrawal; the server answers with its detail. */
export function useWithdrawalAction() {
  const refresh = useRefreshWithdrawals();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: WithdrawalAction }) => {
      const { kind, ...body } = action;
      const response = await api.post(endpointPath(ENDPOINTS[kind], id), body);
      return withdrawalDetailSchema.parse(response.data);
    },
    onSuccess: () => refresh(),
  });
}

/** Downloads the filtered withdrawals as CSV. */
export function downloadWithdrawalsCsv(filters: WithdrawalFilters): Promise<void> {
  return downloadCsv(exportWithdrawals.path, filters, 'withdrawals.csv');
}
