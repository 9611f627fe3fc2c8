import { disableUser as disableUserEndpoint, type User, userActionResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreChangedUser } from './use-store-changed-user';

/** Disabling ends every session of the user at once. */
export async function disableUser(id: string): Promise<User> {
  const response = await api.post(disableUserEndpoint.path.replace(':id', encodeURIComponent(id)));
  return userActionResponseSchema.parse(response.data);
}

export function useDisableUser() {
  const storeChangedUser = useStoreChangedUser();
  return useMutation({ mutationFn: disableUser, onSuccess: storeChangedUser });
}
