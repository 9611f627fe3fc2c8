import {
  type Device,
  deviceResponseSchema,
  type UpdateDeviceBody,
  updateDevice as updateDeviceEndpoint,
} from '@gerbang/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { storeChangedDevice } from '../cache/device-cache';
import { useRefreshDeviceLists } from './use-refresh-device-lists';

export type UpdateDeviceInput = { id: string; body: UpdateDeviceBody };

export async function updateDevice({ id, body }: UpdateDeviceInput): Promise<Device> {
  const response = await api.request({
    method: updateDeviceEndpoint.method,
    url: endpointPath(updateDeviceEndpoint, id),
    data: body,
  });
  return deviceResponseSchema.parse(response.data);
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  const refreshDeviceLists = useRefreshDeviceLists();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: (changed) => {
      storeChangedDevice(queryClient, changed);
      // A new name may move it in the sorted or searched list.
      return refreshDeviceLists();
    },
  });
}
