import {
  disableTeamMember,
  enableTeamMember,
  type InviteTeamMemberBody,
  inviteTeamMember,
  listTeam,
  listTeamResponseSchema,
  type MerchantTeamRole,
  type TeamMember,
  type TeamPolicy,
  teamMemberSchema,
  teamPolicy,
  teamPolicySchema,
  type UpdateTeamPolicyBody,
  updateTeamMember,
  updateTeamPolicy,
} from '@gerbang/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

const teamQuery = queryOptions({
  queryKey: ['team'],
  queryFn: async (): Promise<TeamMember[]> => listTeamResponseSchema.parse((await api.get(listTeam.path)).data).items,
});

export function useTeam() {
  return useQuery(teamQuery);
}

function useTeamMutation<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team'] }) });
}

export function useInviteTeamMember() {
  return useTeamMutation(async (body: InviteTeamMemberBody) =>
    teamMemberSchema.parse((await api.post(inviteTeamMember.path, body)).data),
  );
}

export function useChangeTeamRole() {
  return useTeamMutation(async ({ id, merchantRole }: { id: string; merchantRole: MerchantTeamRole }) =>
    teamMemberSchema.parse((await api.patch(endpointPath(updateTeamMember, id), { merchantRole })).data),
  );
}

export function useSetTeamMemberEnabled() {
  return useTeamMutation(async ({ id, enabled }: { id: string; enabled: boolean }) =>
    teamMemberSchema.parse((await api.post(endpointPath(enabled ? enableTeamMember : disableTeamMember, id), {})).data),
  );
}

export function useTeamPolicy() {
  return useQuery(
    queryOptions({
      queryKey: ['team', 'policy'],
      queryFn: async (): Promise<TeamPolicy> => teamPolicySchema.parse((await api.get(teamPolicy.path)).data),
    }),
  );
}

export function useUpdateTeamPolicy() {
  return useTeamMutation(async (body: UpdateTeamPolicyBody) =>
    teamPolicySchema.parse((await api.put(updateTeamPolicy.path, body)).data),
  );
}
