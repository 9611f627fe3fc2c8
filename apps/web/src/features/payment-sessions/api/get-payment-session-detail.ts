import { getPaymentSessionDetail, paymentSessionDetailSchema } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
