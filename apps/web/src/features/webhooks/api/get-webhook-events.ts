import {
  getWebhookEvent,
  type ListWebhookEventsQuery,
  listWebhookEvents,
  listWebhookEventsResponseSchema,
  PAGE_SIZE_DEFAULT,
  sendTestWebhookEvent,
  webhookEventDetailSchema,
} from '@gerbang/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { queryParams } from '../../../lib/query-params';

export type WebhookEventFilters = Omit<ListWebhookEventsQuery, 'limit' | 'cursor'>;
/** Every query of this feature: a resend or a test event reads them again. */
export const WEBHOOK_EVENTS_KEY = ['webhook-events'] as const;

export function useWebhookEvents(filters: WebhookEventFilters) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: [...WEBHOOK_EVENTS_KEY, 'list', filters],
      queryFn: async ({ pageParam }) => {
        const params = queryParams({ ...filters, limit: PAGE_SIZE_DEFAULT, cursor: pageParam });
        return listWebhookEventsResponseSchema.parse((await api.get(listWebhookEvents.path, { params })).data);
      },
      // Keyset pagination: each page hands out the cursor of the next one.
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
    // Keep the current rows on screen while a new filter loads.
    placeholderData: keepPreviousData,
  });
}

/** One event with its body and every attempt. */
export function useWebhookEvent(id: string) {
  return useQuery({
    queryKey: [...WEBHOOK_EVENTS_KEY, 'event', id],
    queryFn: async () => webhookEventDetailSchema.parse((await api.get(endpointPath(getWebhookEvent, id))).data),
  });
}

/** A `webhook.test` event now to the merchant's main endpoint (none) or a further one; the list is read again after it. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (endpointId?: string) =>
      webhookEventDetailSchema.parse(
        (await api.post(sendTestWebhookEvent.path, endpointId ? { endpointId } : undefined)).data,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_EVENTS_KEY }),
  });
}
