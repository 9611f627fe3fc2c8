import { resendActivation as resendActivationEndpoint, type User, userActionResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreChangedUser } from './use-store-changed-user';

/** Only for invited users; the previous link stops working. */
export async function resendActivation(id: string): Promise<User> {
  const response = await api.post(resendActivationEndpoint.path.replace(':id', encodeURIComponent(id)));
  return userActionResponseSchema.parse(response.data);
}

export function useResendActivation() {
  const storeChangedUser = useStoreChangedUser();
  return useMutation({ mutationFn: resendActivation, onSuccess: storeChangedUser });
}
