import { type DeviceSummary, deviceSummarySchema, getDeviceSummary } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function fetchDeviceSummary(): Promise<DeviceSummary> {
  const response = await api.request({ method: getDeviceSummary.method, url: getDeviceSummary.path });
  return deviceSummarySchema.parse(response.data);
}

export function getDeviceSummaryQueryOptions() {
  return queryOptions({ queryKey: ['devices', 'summary'], queryFn: fetchDeviceSummary });
}

export function useDeviceSummary() {
  return useQuery(getDeviceSummaryQueryOptions());
}
