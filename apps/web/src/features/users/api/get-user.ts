import { getUser as getUserEndpoint, getUserResponseSchema, type User } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getUser(id: string): Promise<User> {
  const response = await api.get(getUserEndpoint.path.replace(':id', encodeURIComponent(id)));
  return getUserResponseSchema.parse(response.data);
}

export function getUserQueryOptions(id: string) {
  return queryOptions({ queryKey: ['users', 'detail', id], queryFn: () => getUser(id) });
}

export function useUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}
