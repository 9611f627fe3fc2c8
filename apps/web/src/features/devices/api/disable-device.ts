/** Disabling drops the agent and refuses its reconnects until enabled again. */
import { type Device, deviceResponseSchema, disableDevice as disableDeviceEndpoint } from '@gerbang/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { storeChangedDevice } from '../cache/device-cache';
import { useRefreshDeviceLists } from './use-refresh-device-lists';

export async function disableDevice(id: string): Promise<Device> {
  const response = await api.request({
    method: disableDeviceEndpoint.method,
    url: endpointPath(disableDeviceEndpoint, id),
  });
  return deviceResponseSchema.parse(response.data);
}

export function useDisableDevice() {
  const queryClient = useQueryClient();
  const refreshDeviceLists = useRefreshDeviceLists();
  return useMutation({
    mutationFn: disableDevice,
    onSuccess: (changed) => {
      storeChangedDevice(queryClient, changed);
      return refreshDeviceLists();
    },
  });
}
