import {
  type DeviceWithToken,
  deviceWithTokenSchema,
  type RegisterDeviceBody,
  registerDevice as registerDeviceEndpoint,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshDeviceLists } from './use-refresh-device-lists';

/** The answer holds the device's token: the only time it is ever readable. */
export async function registerDevice(body: RegisterDeviceBody): Promise<DeviceWithToken> {
  const response = await api.request({
    method: registerDeviceEndpoint.method,
    url: registerDeviceEndpoint.path,
    data: body,
  });
  return deviceWithTokenSchema.parse(response.data);
}

export function useRegisterDevice() {
  const refreshDeviceLists = useRefreshDeviceLists();
  return useMutation({ mutationFn: registerDevice, onSuccess: () => refreshDeviceLists() });
}
