import { type Device, listDevices, listDevicesResponseSchema } from '@gerbang/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Phones an account can be put on, found by name or label. */
export async function getDeviceOptions(q: string): Promise<Device[]> {
  const response = await api.get(listDevices.path, { params: { q: q || undefined, sort: 'name' } });
  return listDevicesResponseSchema.parse(response.data).items;
}

export function getDeviceOptionsQueryOptions(q: string) {
  return queryOptions({ queryKey: ['wallets', 'device-options', q], queryFn: () => getDeviceOptions(q) });
}

export function useDeviceOptions(q: string) {
  return useQuery({ ...getDeviceOptionsQueryOptions(q), placeholderData: keepPreviousData });
}
