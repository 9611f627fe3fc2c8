import {
  type CreateWebhookEndpointBody,
  createdWebhookEndpointSchema,
  createWebhookEndpoint,
  listWebhookEndpoints,
  listWebhookEndpointsResponseSchema,
  type RotateWebhookEndpointSecretBody,
  removeWebhookEndpoint,
  rotatedWebhookEndpointSecretSchema,
  rotatedWebhookSecretSchema,
  rotateWebhookEndpointSecret,
  rotateWebhookEndpointSecretById,
  type UpdateWebhookEndpointByIdBody,
  updateWebhookEndpointById,
  webhookEndpointItemSchema,
} from '@gerbang/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { queryParams } from '../../../lib/query-params';
import { ENDPOINT_KEY } from './webhook-endpoint';

/** A merchant's further endpoints (its own, or the one an operator opened). */
const ENDPOINTS_KEY = ['webhook-endpoints'] as const;

export function useWebhookEndpoints(merchantId?: string) {
  return useQuery({
    queryKey: [...ENDPOINTS_KEY, merchantId ?? 'own'],
    queryFn: async () =>
      listWebhookEndpointsResponseSchema.parse(
        (await api.get(listWebhookEndpoints.path, { params: queryParams({ merchantId }) })).data,
      ).items,
  });
}

/** Adds one; its secret is in the answer only (the caller shows it once). */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookEndpointBody) =>
      createdWebhookEndpointSchema.parse((await api.post(createWebhookEndpoint.path, body)).data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

export function useUpdateWebhookEndpointById(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateWebhookEndpointByIdBody) =>
      webhookEndpointItemSchema.parse((await api.patch(endpointPath(updateWebhookEndpointById, id), body)).data),
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
        ? rotatedWebhookSecretSchema.parse((await api.post(rotateWebhookEndpointSecret.path, body)).data).webhookSecret
        : rotatedWebhookEndpointSecretSchema.parse(
            (await api.post(endpointPath(rotateWebhookEndpointSecretById, endpointId), body)).data,
          ).secret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointId === null ? ENDPOINT_KEY : ENDPOINTS_KEY }),
  });
}
