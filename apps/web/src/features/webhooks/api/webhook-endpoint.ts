import {
  getWebhookEndpoint,
  type RotateWebhookEndpointSecretBody,
  rotatedWebhookSecretSchema,
  rotateWebhookEndpointSecret,
  type UpdateWebhookEndpointBody,
  updateWebhookEndpoint,
  webhookEndpointSchema,
} from '@gerbang/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const ENDPOINT_KEY = ['webhook-endpoint'] as const;

/** Where the merchant's webhooks go, and until when its previous secret still signs. */
export function useWebhookEndpoint() {
  return useQuery({
    queryKey: ENDPOINT_KEY,
    queryFn: async () => webhookEndpointSchema.parse((await api.get(getWebhookEndpoint.path)).data),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateWebhookEndpointBody) =>
      webhookEndpointSchema.parse((await api.put(updateWebhookEndpoint.path, body)).data),
    onSuccess: (endpoint) => queryClient.setQueryData(ENDPOINT_KEY, endpoint),
  });
}

/** A new secret, shown once by the caller. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RotateWebhookEndpointSecretBody) =>
      rotatedWebhookSecretSchema.parse((await api.post(rotateWebhookEndpointSecret.path, body)).data),
    onSuccess: ({ callbackUrl, previousSecretExpiresAt }) =>
      queryClient.setQueryData(ENDPOINT_KEY, { callbackUrl, previousSecretExpiresAt }),
  });
}
