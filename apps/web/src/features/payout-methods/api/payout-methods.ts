import {
  type CreatePayoutMethodBody,
  createPayoutMethod,
  deletePayoutMethod,
  listPayoutMethods,
  listPayoutMethodsResponseSchema,
  type PayoutMethod,
  payoutMethodSchema,
  verifyPayoutMethod,
} from '@gerbang/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const payoutMethodsQuery = queryOptions({
  queryKey: ['payout-methods', 'list'],
  queryFn: async (): Promise<PayoutMethod[]> => {
    const response = await api.get(listPayoutMethods.path);
    return listPayoutMethodsResponseSchema.parse(response.data).items;
  },
});

export function usePayoutMethods() {
  return useQuery(payoutMethodsQuery);
}

export function useRefreshPayoutMethods() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: payoutMethodsQuery.queryKey });
}

export function useCreatePayoutMethod() {
  const refresh = useRefreshPayoutMethods();
  return useMutation({
    mutationFn: async (body: CreatePayoutMethodBody) =>
      payoutMethodSchema.parse((await api.post(createPayoutMethod.path, body)).data),
    onSuccess: () => refresh(),
  });
}

export function useVerifyPayoutMethod() {
  const refresh = useRefreshPayoutMethods();
  return useMutation({
    mutationFn: async (id: string) =>
      payoutMethodSchema.parse((await api.post(endpointPath(verifyPayoutMethod, id))).data),
    onSuccess: () => refresh(),
  });
}

export function useRemovePayoutMethod() {
  const refresh = useRefreshPayoutMethods();
  return useMutation({
    mutationFn: async (id: string) => void (await api.delete(endpointPath(deletePayoutMethod, id))),
    onSuccess: () => refresh(),
  });
}
