import {
  type ApiToken,
  type ApiTokenPolicy,
  type ApiTokenWithSecret,
  apiTokenPolicy,
  apiTokenPolicySchema,
  apiTokenSchema,
  apiTokenWithSecretSchema,
  type CreateApiTokenBody,
  createApiToken,
  listApiTokens,
  listApiTokensResponseSchema,
  PAGE_SIZE_DEFAULT,
  revokeApiToken,
  updateApiTokenPolicy,
} from '@gerbang/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

const tokensQuery = infiniteQueryOptions({
  queryKey: ['api-tokens', 'list'],
  queryFn: async ({ pageParam }) => {
    const params = { limit: PAGE_SIZE_DEFAULT, ...(pageParam ? { cursor: pageParam } : {}) };
    const response = await api.get(listApiTokens.path, { params });
    return listApiTokensResponseSchema.parse(response.data);
  },
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

export function useApiTokens() {
  return useInfiniteQuery(tokensQuery);
}

/** The answer carries the token's secret: the only time anyone ever sees it. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiTokenBody): Promise<ApiTokenWithSecret> => {
      const response = await api.post(createApiToken.path, body);
      return apiTokenWithSecretSchema.parse(response.data);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<ApiToken> => {
      const response = await api.delete(endpointPath(revokeApiToken, id));
      return apiTokenSchema.parse(response.data);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey }),
  });
}

const policyQuery = queryOptions({
  queryKey: ['api-tokens', 'policy'],
  queryFn: async (): Promise<ApiTokenPolicy> => apiTokenPolicySchema.parse((await api.get(apiTokenPolicy.path)).data),
});

export function useApiTokenPolicy() {
  return useQuery(policyQuery);
}

export function useUpdateApiTokenPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (allowlistRequiredForMoneyOut: boolean): Promise<ApiTokenPolicy> =>
      apiTokenPolicySchema.parse((await api.put(updateApiTokenPolicy.path, { allowlistRequiredForMoneyOut })).data),
    onSuccess: (policy) => queryClient.setQueryData(policyQuery.queryKey, policy),
  });
}
