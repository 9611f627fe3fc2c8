import {
  getWebhookEndpoint,
  type UpdateWebhookEndpointBody,
  updateWebhookEndpoint,
  webhookEndpointSchema,
} from '@gerbang/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const ENDPOINT_KEY = ['webhook-endpoint'] as const;

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
