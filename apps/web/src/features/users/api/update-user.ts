import {
  type UpdateUserBody,
  type User,
  updateUser as updateUserEndpoint,
  updateUserResponseSchema,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreChangedUser } from './use-store-changed-user';

export type UpdateUserInput = { id: string; body: UpdateUserBody };

export async function updateUser({ id, body }: UpdateUserInput): Promise<User> {
  const response = await api.patch(updateUserEndpoint.path.replace(':id', encodeURIComponent(id)), body);
  return updateUserResponseSchema.parse(response.data);
}

export function useUpdateUser() {
  const storeChangedUser = useStoreChangedUser();
  return useMutation({ mutationFn: updateUser, onSuccess: storeChangedUser });
}
