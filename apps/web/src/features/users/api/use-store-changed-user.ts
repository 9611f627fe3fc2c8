import type { User } from '@gerbang/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getUserQueryOptions } from './get-user';
import { getUsersQueryOptions } from './get-users';

/**
 * Every user mutation answers with the changed user: put it in the detail cache at once and
 * refetch the lists, whose filters or order it may have left.
 */
export function useStoreChangedUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(getUserQueryOptions(user.id).queryKey, user);
      return queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey });
    },
    [queryClient],
  );
}
