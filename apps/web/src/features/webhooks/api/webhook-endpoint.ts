import { getWebhookEndpoint, type UpdateWebhookEndpointBody, updateWebhookEndpoint } from '@gerbang/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parsedAfterFirstFrame } from '../../../lib/parsed-after-first-frame';
import { loadWebhooksAnswers } from './answers-loader';

export const ENDPOINT_KEY = ['webhook-endpoint'] as const;

/** Where the merchant's webhooks go, and until when its previous secret still signs. */
export function useWebhookEndpoint() {
  return useQuery({
    queryKey: ENDPOINT_KEY,
    queryFn: () =>
      parsedAfterFirstFrame(
        api.get(getWebhookEndpoint.path),
        loadWebhooksAnswers,
        (schemas) => schemas.webhookEndpointSchema,
      ),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookEndpointBody) =>
      parsedAfterFirstFrame(
        api.put(updateWebhookEndpoint.path, body),
        loadWebhooksAnswers,
        (schemas) => schemas.webhookEndpointSchema,
      ),
    onSuccess: (endpoint) => queryClient.setQueryData(ENDPOINT_KEY, endpoint),
  });
}
