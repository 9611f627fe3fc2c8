import { SERVER_EVENTS } from '@gerbang/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { useRefreshWallets } from '../api/use-refresh-wallets';

/** Events come in bursts (a bulk check, a fleet reconnecting): read at most this often. */
const REFRESH_MIN_INTERVAL_MS = 1_000;

/**
 * Keeps every wallet read current from the console events. Each event only says "this changed":
 * the pages read the accounts again, so readiness, counts and the login steps are always the
 * server's, whatever order the events arrive in. Leading and trailing: the first event of a burst
 * refreshes at once and the last one is not lost.
 */
export function useWalletLiveUpdates(): void {
  const refresh = useRefreshWallets();
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isPendingRef = useRef(false);

  const refreshSoon = useCallback(() => {
    if (timerRef.current) {
      isPendingRef.current = true;
      return;
    }
    void refresh();
    timerRef.current = setTimeout(() => {
      timerRef.current = null;
      if (!isPendingRef.current) return;
      isPendingRef.current = false;
      refreshSoon();
    }, REFRESH_MIN_INTERVAL_MS);
  }, [refresh]);

  useEffect(
    () => () => {
      if (timerRef.current) clearTimeout(timerRef.current);
    },
    [],
  );

  useRealtimeEvent(SERVER_EVENTS.walletRefresh, refreshSoon);
  useRealtimeEvent(SERVER_EVENTS.walletHealthCheck, refreshSoon);
  useRealtimeEvent(SERVER_EVENTS.mayaLoginStatusUpdate, refreshSoon);
  useRealtimeEvent(SERVER_EVENTS.walletLoginStatusUpdate, refreshSoon);
  // A phone coming, going or turning busy changes whether its accounts are ready.
  useRealtimeEvent(SERVER_EVENTS.deviceGetConnected, refreshSoon);
  useRealtimeEvent(SERVER_EVENTS.deviceStatusUpdate, refreshSoon);
}
