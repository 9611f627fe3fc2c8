import {
  approveTeamApproval,
  listMyTeamApprovals,
  listTeamApprovals,
  listTeamApprovalsResponseSchema,
  rejectTeamApproval,
  type TeamApproval,
  teamApprovalSchema,
} from '@gerbang/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

const approvalsQuery = queryOptions({
  queryKey: ['team', 'approvals'],
  queryFn: async (): Promise<TeamApproval[]> =>
    listTeamApprovalsResponseSchema.parse((await api.get(listTeamApprovals.path)).data).items,
});

const myApprovalsQuery = queryOptions({
  queryKey: ['team', 'approvals', 'mine'],
  queryFn: async (): Promise<TeamApproval[]> =>
    listTeamApprovalsResponseSchema.parse((await api.get(listMyTeamApprovals.path)).data).items,
});

/** The owner's list of every member's requests, or (`mine`) the signed-in member's own. */
export function useTeamApprovals(mine = false) {
  return useQuery(mine ? myApprovalsQuery : approvalsQuery);
}

/** The owner approves (the money out is made) or rejects with a reason; balances and lists follow. */
export function useDecideTeamApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason?: string }) => {
      const response = reason
        ? await api.post(endpointPath(rejectTeamApproval, id), { reason })
        : await api.post(endpointPath(approveTeamApproval, id), {});
      return teamApprovalSchema.parse(response.data);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: approvalsQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
      await queryClient.invalidateQueries({ queryKey: ['payment-sessions'] });
    },
  });
}
