import { SERVER_EVENTS } from '@gerbang/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { getWalletsByIds } from '../api/get-wallets-by-ids';
import { cachedWalletIdsOnDevices, cachedWalletIdsWithPresenceChange, storeFreshWallets } from '../cache/wallet-cache';

/** Events come in bursts (a bulk check, money streaming in): read at most this often. */
const REFRESH_MIN_INTERVAL_MS = 1_000;
/** Per-account queries a detail page may hold; only mounted ones are read again. */
const PER_ACCOUNT_QUERIES = ['login', 'checks', 'transactions', 'qr-code'] as const;

/**
 * Keeps every wallet read current from the console events. An event only says which accounts
 * changed: the page reads those accounts again (one request per 100) and puts them in place, so
 * readiness and counts are always the server's whatever order events arrive in, and a dashboard
 * holding a thousand rows neither refetches every page nor re-renders every row. An event naming
 * no account (accounts added or removed) reads everything again. Leading and trailing: the first
 * event of a burst is read at once and the last is not lost.
 */
export function useWalletLiveUpdates(): void {
  const queryClient = useQueryClient();
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingRef = useRef({ ids: new Set<string>(), devices: new Set<string>(), everything: false, any: false });

  const flush = useCallback(async () => {
    const pending = pendingRef.current;
    pendingRef.current = { ids: new Set(), devices: new Set(), everything: false, any: false };
    void queryClient.invalidateQueries({ queryKey: ['wallets', 'summary'] });
    if (pending.everything) {
      await queryClient.invalidateQueries({ queryKey: ['wallets'] });
      return;
    }
    const ids = new Set([...pending.ids, ...cachedWalletIdsOnDevices(queryClient, pending.devices)]);
    if (ids.size === 0) return;
    for (const id of pending.ids) {
      for (const query of PER_ACCOUNT_QUERIES) void queryClient.invalidateQueries({ queryKey: ['wallets', query, id] });
    }
    try {
      storeFreshWallets(queryClient, await getWalletsByIds([...ids]));
    } catch {
      // Read everything next time rather than show what may be stale.
      void queryClient.invalidateQueries({ queryKey: ['wallets'] });
    }
  }, [queryClient]);

  const schedule = useCallback(() => {
    pendingRef.current.any = true;
    if (timerRef.current) return;
    const run = () => {
      if (!pendingRef.current.any) {
        timerRef.current = null;
        return;
      }
      void flush();
      timerRef.current = setTimeout(run, REFRESH_MIN_INTERVAL_MS);
    };
    run();
  }, [flush]);

  useEffect(
    () => () => {
      if (timerRef.current) clearTimeout(timerRef.current);
    },
    [],
  );

  const changed = (accountIds: readonly string[]) => {
    if (accountIds.length === 0) pendingRef.current.everything = true;
    for (const id of accountIds) pendingRef.current.ids.add(id);
    schedule();
  };
  const deviceChanged = (deviceIds: readonly string[]) => {
    for (const id of deviceIds) pendingRef.current.devices.add(id);
    schedule();
  };

  useRealtimeEvent(SERVER_EVENTS.walletRefresh, ({ accountIds }) => changed(accountIds));
  useRealtimeEvent(SERVER_EVENTS.walletHealthCheck, (items) => changed(items.map((item) => item.accountId)));
  useRealtimeEvent(SERVER_EVENTS.mayaLoginStatusUpdate, ({ accountId }) => changed([accountId]));
  useRealtimeEvent(SERVER_EVENTS.walletLoginStatusUpdate, ({ accountId }) => changed([accountId]));
  // A phone coming, going or turning busy changes whether its accounts are ready.
  useRealtimeEvent(SERVER_EVENTS.deviceGetConnected, (connected) => {
    const ids = cachedWalletIdsWithPresenceChange(queryClient, connected);
    if (ids.length > 0) changed(ids);
  });
  useRealtimeEvent(SERVER_EVENTS.deviceStatusUpdate, ({ deviceId }) => deviceChanged([deviceId]));
}
