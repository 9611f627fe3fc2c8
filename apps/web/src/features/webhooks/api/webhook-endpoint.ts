import { getWebhookEndpoint, type UpdateWebhookEndpointBody, updateWebhookEndpoint } from '@gerbang/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parsedAfterFirstFrame } from '../../../lib/parsed-after-first-frame';

/** The page is drawn with its layout: its schemas download after that frame (lib/parsed-after-first-frame.ts). */
const answers = () => import('./webhook-answers');

export const ENDPOINT_KEY = ['webhook-endpoint'] as const;

/** Where the merchant's webhooks go, and until when its previous secret still signs. */
export function useWebhookEndpoint() {
  return useQuery({
    queryKey: ENDPOINT_KEY,
    queryFn: () =>
      parsedAfterFirstFrame(api.get(getWebhookEndpoint.path), answers, (schemas) => schemas.webhookEndpointSchema),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookEndpointBody) =>
      parsedAfterFirstFrame(
        api.put(updateWebhookEndpoint.path, body),
        answers,
        (schemas) => schemas.webhookEndpointSchema,
      ),
    onSuccess: (endpoint) => queryClient.setQueryData(ENDPOINT_KEY, endpoint),
  });
}
