import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getDeviceSummaryQueryOptions } from './get-device-summary';
import { getDevicesQueryOptions } from './get-devices';

/** After a change that may move a device in or out of a filter, or change the counts. */
export function useRefreshDeviceLists() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getDevicesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getDeviceSummaryQueryOptions().queryKey }),
      ]),
    [queryClient],
  );
}
