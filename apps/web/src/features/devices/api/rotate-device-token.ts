import {
  type DeviceWithToken,
  deviceWithTokenSchema,
  rotateDeviceToken as rotateDeviceTokenEndpoint,
} from '@gerbang/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { storeChangedDevice } from '../cache/device-cache';

/** The old token stops working at once; the new one is readable only in this answer. */
export async function rotateDeviceToken(id: string): Promise<DeviceWithToken> {
  const response = await api.request({
    method: rotateDeviceTokenEndpoint.method,
    url: endpointPath(rotateDeviceTokenEndpoint, id),
  });
  return deviceWithTokenSchema.parse(response.data);
}

export function useRotateDeviceToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateDeviceToken,
    onSuccess: ({ device }) => storeChangedDevice(queryClient, device),
  });
}
