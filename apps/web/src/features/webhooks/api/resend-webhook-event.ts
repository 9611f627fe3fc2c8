import { resendWebhookEvent } from '@gerbang/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

/** Another delivery of a webhook event now; the detail it is shown on (`detailKey`) is read again after it. */
export function useResendWebhook(detailKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (eventId: string) => {
      await api.post(endpointPath(resendWebhookEvent, eventId));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detailKey }),
  });
}
