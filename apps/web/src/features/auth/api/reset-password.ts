import { type ResetPasswordBody, resetPassword as resetPasswordEndpoint } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await api.post(resetPasswordEndpoint.path, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
