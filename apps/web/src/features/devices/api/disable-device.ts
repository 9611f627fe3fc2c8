/** Disabling drops the agent and refuses its reconnects until enabled again. */
import { type Device, deviceResponseSchema, disableDevice as disableDeviceEndpoint } from '@gerbang/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeChangedDevice } from '../cache/device-cache';
import { devicePath } from './device-path';
import { useRefreshDeviceLists } from './use-refresh-device-lists';

export async function disableDevice(id: string): Promise<Device> {
  const response = await api.request({
    method: disableDeviceEndpoint.method,
    url: devicePath(disableDeviceEndpoint, id),
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
