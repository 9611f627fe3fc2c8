import { getMerchantStats, SERVER_EVENTS } from '@gerbang/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parsedAfterFirstFrame } from '../../../lib/parsed-after-first-frame';
import { useRealtimeEvent } from '../../../lib/realtime-store';

const QUERY_KEY = ['merchant-dashboard', 'stats'] as const;

/** The merchant's last 14 days and open withdrawals, read again whenever a session or withdrawal moves. */
export function useMerchantStats() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  useRealtimeEvent(SERVER_EVENTS.paymentSessionUpdate, refresh);
  useRealtimeEvent(SERVER_EVENTS.withdrawalUpdate, refresh);
  return useQuery({
    queryKey: QUERY_KEY,
    // The dashboard is drawn with its layout: the schema downloads after that frame, with the request.
    queryFn: () =>
      parsedAfterFirstFrame(
        api.get(getMerchantStats.path),
        () => import('./merchant-dashboard-answers'),
        (answers) => answers.merchantStatsSchema,
      ),
  });
}
