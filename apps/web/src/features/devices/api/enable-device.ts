import { type Device, deviceResponseSchema, enableDevice as enableDeviceEndpoint } from '@gerbang/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { storeChangedDevice } from '../cache/device-cache';
import { useRefreshDeviceLists } from './use-refresh-device-lists';

export async function enableDevice(id: string): Promise<Device> {
  const response = await api.request({
    method: enableDeviceEndpoint.method,
    url: endpointPath(enableDeviceEndpoint, id),
  });
  return deviceResponseSchema.parse(response.data);
}

export function useEnableDevice() {
  const queryClient = useQueryClient();
  const refreshDeviceLists = useRefreshDeviceLists();
  return useMutation({
    mutationFn: enableDevice,
    onSuccess: (changed) => {
      storeChangedDevice(queryClient, changed);
      return refreshDeviceLists();
    },
  });
}
