import { type ActivateBody, activate } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function activateAccount(body: ActivateBody): Promise<void> {
  await api.post(activate.path, body);
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
