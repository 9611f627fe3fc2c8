import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getMerchantsQueryOptions } from './get-merchants';

/** Every merchant change may move rows in or out of a filtered list: refetch them all. */
export function useRefreshMerchants() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: getMerchantsQueryOptions().queryKey }),
    [queryClient],
  );
}
