import { type Device, deviceResponseSchema, getDevice as getDeviceEndpoint } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export async function getDevice(id: string): Promise<Device> {
  const response = await api.request({ method: getDeviceEndpoint.method, url: endpointPath(getDeviceEndpoint, id) });
  return deviceResponseSchema.parse(response.data);
}

export function getDeviceQueryOptions(id: string) {
  return queryOptions({ queryKey: ['devices', 'detail', id], queryFn: () => getDevice(id) });
}

export function useDevice(id: string) {
  return useQuery(getDeviceQueryOptions(id));
}
