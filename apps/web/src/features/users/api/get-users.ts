import {
  type ListUsersResponse,
  listUsers,
  listUsersResponseSchema,
  PAGE_SIZE_DEFAULT,
  type RoleId,
  type UserStatus,
} from '@gerbang/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type UserFilters = { q: string; roleId: RoleId | null; status: UserStatus | null };

export async function getUsers(filters: UserFilters, cursor: string | null): Promise<ListUsersResponse> {
  // Empty filters are left out: the server treats a missing filter as "any".
  const params = {
    q: filters.q.trim() || undefined,
    roleId: filters.roleId ?? undefined,
    status: filters.status ?? undefined,
    limit: PAGE_SIZE_DEFAULT,
    cursor: cursor ?? undefined,
  };
  const response = await api.get(listUsers.path, { params });
  return listUsersResponseSchema.parse(response.data);
}

/** Without filters this gives the key prefix shared by every user list, for invalidation. */
export function getUsersQueryOptions(filters?: UserFilters) {
  return infiniteQueryOptions({
    queryKey: filters ? ['users', 'list', filters] : ['users', 'list'],
    queryFn: ({ pageParam }) => getUsers(filters ?? { q: '', roleId: null, status: null }, pageParam),
    // Keyset pagination: each page hands out the cursor of the next one.
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useUsers(filters: UserFilters) {
  // Keep the current rows on screen while a new search or filter loads.
  return useInfiniteQuery({ ...getUsersQueryOptions(filters), placeholderData: keepPreviousData });
}
