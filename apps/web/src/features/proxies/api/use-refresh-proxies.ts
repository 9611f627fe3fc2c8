import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getProxiesQueryOptions } from './get-proxies';

/** Every proxy change may move rows in or out of a filtered list: refetch them all. */
export function useRefreshProxies() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: getProxiesQueryOptions().queryKey }),
    [queryClient],
  );
}
