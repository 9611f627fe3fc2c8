import { type ForgotPasswordBody, forgotPassword } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The server answers 202 whether or not the email has an account (no enumeration). */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<void> {
  await api.post(forgotPassword.path, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
