import {
  type CreateMerchantBody,
  createMerchant,
  type Merchant,
  type MerchantWithSecret,
  merchantSchema,
  merchantWithSecretSchema,
  resumeMerchant,
  rotateMerchantWebhookSecret,
  suspendMerchant,
  type UpdateMerchantBody,
  updateMerchant,
  webhookSecretResponseSchema,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { useRefreshMerchants } from './use-refresh-merchants';

/** The answer carries the webhook signing secret: the only time the console ever sees it. */
async function postMerchant(body: CreateMerchantBody): Promise<MerchantWithSecret> {
  const response = await api.post(createMerchant.path, body);
  return merchantWithSecretSchema.parse(response.data);
}

async function patchMerchant({ id, body }: { id: string; body: UpdateMerchantBody }): Promise<Merchant> {
  const response = await api.patch(endpointPath(updateMerchant, id), body);
  return merchantSchema.parse(response.data);
}

async function setMerchantStatus({ id, suspend }: { id: string; suspend: boolean }): Promise<Merchant> {
  const response = await api.post(endpointPath(suspend ? suspendMerchant : resumeMerchant, id));
  return merchantSchema.parse(response.data);
}

async function rotateSecret(id: string): Promise<string> {
  const response = await api.post(endpointPath(rotateMerchantWebhookSecret, id));
  return webhookSecretResponseSchema.parse(response.data).webhookSecret;
}

export function useCreateMerchant() {
  const refresh = useRefreshMerchants();
  return useMutation({ mutationFn: postMerchant, onSuccess: refresh });
}

export function useUpdateMerchant() {
  const refresh = useRefreshMerchants();
  return useMutation({ mutationFn: patchMerchant, onSuccess: refresh });
}

export function useSetMerchantStatus() {
  const refresh = useRefreshMerchants();
  return useMutation({ mutationFn: setMerchantStatus, onSuccess: refresh });
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateSecret });
}
