import {
  type CreateWebhookEndpointBody,
  createWebhookEndpoint,
  listWebhookEndpoints,
  type RotateWebhookEndpointSecretBody,
  removeWebhookEndpoint,
  rotateWebhookEndpointSecret,
  rotateWebhookEndpointSecretById,
  type UpdateWebhookEndpointByIdBody,
  updateWebhookEndpointById,
} from '@gerbang/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { parsedAfterFirstFrame } from '../../../lib/parsed-after-first-frame';
import { queryParams } from '../../../lib/query-params';
import { loadWebhooksAnswers } from './answers-loader';
import { ENDPOINT_KEY } from './webhook-endpoint';

/** A merchant's further endpoints (its own, or the one an operator opened). */
const ENDPOINTS_KEY = ['webhook-endpoints'] as const;

export function useWebhookEndpoints(merchantId?: string) {
  return useQuery({
    queryKey: [...ENDPOINTS_KEY, merchantId ?? 'own'],
    queryFn: async () =>
      (
        await parsedAfterFirstFrame(
          api.get(listWebhookEndpoints.path, { params: queryParams({ merchantId }) }),
          loadWebhooksAnswers,
          (schemas) => schemas.listWebhookEndpointsResponseSchema,
        )
      ).items,
  });
}

/** Adds one; its secret is in the answer only (the caller shows it once). */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpointBody) =>
      parsedAfterFirstFrame(
        api.post(createWebhookEndpoint.path, body),
        loadWebhooksAnswers,
        (schemas) => schemas.createdWebhookEndpointSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

export function useUpdateWebhookEndpointById(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebhookEndpointByIdBody) =>
      parsedAfterFirstFrame(
        api.patch(endpointPath(updateWebhookEndpointById, id), body),
        loadWebhooksAnswers,
        (schemas) => schemas.webhookEndpointItemSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

export function useRemoveWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(endpointPath(removeWebhookEndpoint, id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

/**
 * A new signing secret for the main endpoint (null) or a further one, shown once by the caller;
 * the endpoint's "previous secret signs until" is read again.
 */
export function useRotateEndpointSecret(endpointId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RotateWebhookEndpointSecretBody): Promise<string> =>
      endpointId === null
        ? (
            await parsedAfterFirstFrame(
              api.post(rotateWebhookEndpointSecret.path, body),
              loadWebhooksAnswers,
              (schemas) => schemas.rotatedWebhookSecretSchema,
            )
          ).webhookSecret
        : (
            await parsedAfterFirstFrame(
              api.post(endpointPath(rotateWebhookEndpointSecretById, endpointId), body),
              loadWebhooksAnswers,
              (schemas) => schemas.rotatedWebhookEndpointSecretSchema,
            )
          ).secret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointId === null ? ENDPOINT_KEY : ENDPOINTS_KEY }),
  });
}
