import { type Device, type ListDevicesQuery, listDevices, listDevicesResponseSchema } from '@gerbang/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryParams } from '../../../lib/query-params';

export type DeviceListFilters = Required<Pick<ListDevicesQuery, 'sort'>> & Omit<ListDevicesQuery, 'sort'>;

/**
 * Telemetry and last-seen arrive with heartbeats, which are not console events; a slow poll keeps
 * them fresh while busy, presence and health come live through the realtime events.
 */
const TELEMETRY_REFRESH_MS = 30_000;

export async function getDevices(filters: DeviceListFilters): Promise<Device[]> {
  const response = await api.request({
    method: listDevices.method,
    url: listDevices.path,
    params: queryParams(filters),
  });
  return listDevicesResponseSchema.parse(response.data).items;
}

/** Without filters this gives the key prefix shared by every device list (for cache patches). */
export function getDevicesQueryOptions(filters?: DeviceListFilters) {
  return queryOptions({
    queryKey: filters ? ['devices', 'list', filters] : ['devices', 'list'],
    queryFn: () => getDevices(filters ?? { sort: 'name' }),
  });
}

export function useDevices(filters: DeviceListFilters) {
  return useQuery({
    ...getDevicesQueryOptions(filters),
    // Keep the current rows on screen while a new search or filter loads.
    placeholderData: keepPreviousData,
    refetchInterval: TELEMETRY_REFRESH_MS,
  });
}
