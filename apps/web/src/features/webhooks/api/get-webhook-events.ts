import {
  getWebhookEvent,
  type ListWebhookEventsQuery,
  listWebhookEvents,
  PAGE_SIZE_DEFAULT,
  sendTestWebhookEvent,
} from '@gerbang/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { parsedAfterFirstFrame } from '../../../lib/parsed-after-first-frame';
import { queryParams } from '../../../lib/query-params';
import { loadWebhooksAnswers } from './answers-loader';

export type WebhookEventFilters = Omit<ListWebhookEventsQuery, 'limit' | 'cursor'>;
/** Every query of this feature: a resend or a test event reads them again. */
export const WEBHOOK_EVENTS_KEY = ['webhook-events'] as const;

export function useWebhookEvents(filters: WebhookEventFilters) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: [...WEBHOOK_EVENTS_KEY, 'list', filters],
      queryFn: ({ pageParam }) => {
        const params = queryParams({ ...filters, limit: PAGE_SIZE_DEFAULT, cursor: pageParam });
        return parsedAfterFirstFrame(
          api.get(listWebhookEvents.path, { params }),
          loadWebhooksAnswers,
          (schemas) => schemas.listWebhookEventsResponseSchema,
        );
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
export function useWebhookEvent(id: string | null) {
  return useQuery({
    queryKey: [...WEBHOOK_EVENTS_KEY, 'event', id],
    queryFn:
      id === null
        ? skipToken
        : () =>
            parsedAfterFirstFrame(
              api.get(endpointPath(getWebhookEvent, id)),
              loadWebhooksAnswers,
              (schemas) => schemas.webhookEventDetailSchema,
            ),
  });
}

/** A `webhook.test` event now to the merchant's main endpoint (none) or a further one; the list is read again after it. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId?: string) =>
      parsedAfterFirstFrame(
        api.post(sendTestWebhookEvent.path, endpointId ? { endpointId } : undefined),
        loadWebhooksAnswers,
        (schemas) => schemas.webhookEventDetailSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_EVENTS_KEY }),
  });
}
