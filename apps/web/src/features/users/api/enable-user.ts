import { enableUser as enableUserEndpoint, type User, userActionResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreChangedUser } from './use-store-changed-user';

export async function enableUser(id: string): Promise<User> {
  const response = await api.post(enableUserEndpoint.path.replace(':id', encodeURIComponent(id)));
  return userActionResponseSchema.parse(response.data);
}

export function useEnableUser() {
  const storeChangedUser = useStoreChangedUser();
  return useMutation({ mutationFn: enableUser, onSuccess: storeChangedUser });
}
