import { type AnalyticsQuery, analyticsSchema, getAnalytics } from '@gerbang/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The analytics page's figures for a window, a currency and a grouping. */
export function useAnalytics(query: Required<AnalyticsQuery>) {
  return useQuery({
    queryKey: ['analytics', query],
    queryFn: async () => analyticsSchema.parse((await api.get(getAnalytics.path, { params: query })).data),
    // Keep the figures on screen while another grouping loads.
    placeholderData: keepPreviousData,
  });
}
