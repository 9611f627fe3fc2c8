import { listDeviceHealthChecks, listDeviceHealthChecksResponseSchema, PAGE_SIZE_DEFAULT } from '@gerbang/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export type DeviceHealthCheckPage = z.infer<typeof listDeviceHealthChecksResponseSchema>;

export async function getDeviceHealthChecks(id: string, cursor: string | null): Promise<DeviceHealthCheckPage> {
  const response = await api.request({
    method: listDeviceHealthChecks.method,
    url: endpointPath(listDeviceHealthChecks, id),
    params: { limit: PAGE_SIZE_DEFAULT, cursor: cursor ?? undefined },
  });
  return listDeviceHealthChecksResponseSchema.parse(response.data);
}

export function getDeviceHealthChecksQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: ['devices', 'health-checks', id],
    queryFn: ({ pageParam }) => getDeviceHealthChecks(id, pageParam),
    // Keyset pagination: each page hands out the cursor of the next one.
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useDeviceHealthChecks(id: string) {
  return useInfiniteQuery(getDeviceHealthChecksQueryOptions(id));
}
