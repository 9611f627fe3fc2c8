import { getPaymentSessionDetail, paymentSessionDetailSchema, resendWebhookEvent } from '@gerbang/contract';
import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export function paymentSessionDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['payment-sessions', 'detail', id],
    queryFn: async () => {
      const response = await api.get(endpointPath(getPaymentSessionDetail, id));
      return paymentSessionDetailSchema.parse(response.data);
    },
  });
}

export function usePaymentSessionDetail(id: string) {
  return useQuery(paymentSessionDetailQueryOptions(id));
}

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
