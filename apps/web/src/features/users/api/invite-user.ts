import {
  type InviteUserBody,
  inviteUser as inviteUserEndpoint,
  inviteUserResponseSchema,
  type User,
} from '@gerbang/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

export async function inviteUser(body: InviteUserBody): Promise<User> {
  const response = await api.post(inviteUserEndpoint.path, body);
  return inviteUserResponseSchema.parse(response.data);
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
}
