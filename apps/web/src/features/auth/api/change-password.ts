import { type ChangePasswordBody, changePassword as changePasswordEndpoint } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The server ends the user's other sessions; this one keeps its tokens. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await api.post(changePasswordEndpoint.path, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
