import { getMerchantStats, merchantStatsSchema, SERVER_EVENTS } from '@gerbang/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/realtime-store';

const QUERY_KEY = ['merchant-dashboard', 'stats'] as const;

/** The merchant's last 14 days, read again whenever one of its sessions moves. */
export function useMerchantStats() {
  const queryClient = useQueryClient();
  useRealtimeEvent(SERVER_EVENTS.paymentSessionUpdate, () => {
    void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  });
  return useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => merchantStatsSchema.parse((await api.get(getMerchantStats.path)).data),
  });
}
