import { listDeviceConnections, listDeviceConnectionsResponseSchema, PAGE_SIZE_DEFAULT } from '@gerbang/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export type DeviceConnectionPage = z.infer<typeof listDeviceConnectionsResponseSchema>;

export async function getDeviceConnections(id: string, cursor: string | null): Promise<DeviceConnectionPage> {
  const response = await api.request({
    method: listDeviceConnections.method,
    url: endpointPath(listDeviceConnections, id),
    params: { limit: PAGE_SIZE_DEFAULT, cursor: cursor ?? undefined },
  });
  return listDeviceConnectionsResponseSchema.parse(response.data);
}

export function getDeviceConnectionsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: ['devices', 'connections', id],
    queryFn: ({ pageParam }) => getDeviceConnections(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useDeviceConnections(id: string) {
  return useInfiniteQuery(getDeviceConnectionsQueryOptions(id));
}
