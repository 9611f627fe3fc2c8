import {
  passkeyCreationOptionsSchema,
  passkeyRegistrationOptions,
  passkeyRequestOptionsSchema,
  type RegisteredPasskey,
  registeredPasskeySchema,
  registerPasskey,
  removePasskey,
  type StepUpResponse,
  stepUpPasskeyOptions,
  stepUpResponseSchema,
  stepUpWithPasskey,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { createPasskey, signWithPasskey } from '../../../lib/passkey-prompt';
import { useRefreshFactorsAfter } from './second-factor';

/** Options from the server, the browser's prompt, then the new passkey stored under `name`. */
export function useAddPasskey() {
  const refresh = useRefreshFactorsAfter();
  return useMutation({
    mutationFn: async (name: string): Promise<RegisteredPasskey> => {
      const options = passkeyCreationOptionsSchema.parse((await api.post(passkeyRegistrationOptions.path, {})).data);
      const response = await createPasskey(options);
      return registeredPasskeySchema.parse((await api.post(registerPasskey.path, { name, response })).data);
    },
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshFactorsAfter();
  return useMutation({
    mutationFn: async (passkeyId: string): Promise<void> => {
      await api.delete(endpointPath(removePasskey, passkeyId));
    },
    onSuccess: refresh,
  });
}

/** The step-up dialog's passkey button: options for this session, the prompt, the assertion. */
export async function postStepUpWithPasskey(): Promise<StepUpResponse> {
  const options = passkeyRequestOptionsSchema.parse((await api.post(stepUpPasskeyOptions.path, {})).data);
  const response = await signWithPasskey(options);
  return stepUpResponseSchema.parse((await api.post(stepUpWithPasskey.path, { response })).data);
}
