import { SERVER_EVENTS } from '@gerbang/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { leadingTrailing } from '../../../lib/leading-trailing';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { getDeviceHealthChecksQueryOptions } from '../api/get-device-health-checks';
import { getDeviceSummaryQueryOptions } from '../api/get-device-summary';
import { applyHealthCheckItem } from '../cache/apply-health-check-item';
import { patchDevice, patchEveryDevice } from '../cache/device-cache';

/** Counts follow the events at once, then at most one summary request per interval of a burst. */
const SUMMARY_REFRESH_INTERVAL_MS = 2_000;
/** A fleet reconnecting sends `device:refresh` in bursts; the list is read at most this often. */
const LIST_REFRESH_MIN_INTERVAL_MS = 1_000;

/**
 * Keeps every cached device current from the console events (spec §7). Each event patches the
 * cached rows in place; only `device:refresh` refetches. Payloads arrive already parsed by the
 * realtime client, which drops invalid ones (with a warning where the spec asks for one). On a
 * reconnect the session invalidates every query, so whatever was missed is read again from REST.
 * The summary cards are read again on the first event of a burst, so they move with the rows.
 */
export function useDeviceLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refreshes = useMemo(
    () => ({
      summary: leadingTrailing(
        () => void queryClient.invalidateQueries({ queryKey: getDeviceSummaryQueryOptions().queryKey }),
        SUMMARY_REFRESH_INTERVAL_MS,
      ),
      everything: leadingTrailing(
        () => void queryClient.invalidateQueries({ queryKey: ['devices'] }),
        LIST_REFRESH_MIN_INTERVAL_MS,
      ),
    }),
    [queryClient],
  );
  useEffect(
    () => () => {
      refreshes.summary.cancel();
      refreshes.everything.cancel();
    },
    [refreshes],
  );
  const refreshSummarySoon = refreshes.summary.call;
  const refreshEverything = refreshes.everything.call;

  useRealtimeEvent(SERVER_EVENTS.healthCheck, (items) => {
    for (const item of items) {
      patchDevice(queryClient, item.deviceId, (device) => applyHealthCheckItem(device, item));
      // Only a history on screen (the device's detail page) is fetched again.
      void queryClient.invalidateQueries({ queryKey: getDeviceHealthChecksQueryOptions(item.deviceId).queryKey });
    }
    refreshSummarySoon();
  });

  useRealtimeEvent(SERVER_EVENTS.deviceStatusUpdate, ({ deviceId, isBusy }) => {
    patchDevice(queryClient, deviceId, (device) => (device.isBusy === isBusy ? device : { ...device, isBusy }));
    refreshSummarySoon();
  });

  // The map names every connected device; one missing from it is offline.
  useRealtimeEvent(SERVER_EVENTS.deviceGetConnected, (connected) => {
    patchEveryDevice(queryClient, (device) => {
      const isOnline = connected[device.id] === true;
      return device.isOnline === isOnline ? device : { ...device, isOnline };
    });
    refreshSummarySoon();
  });

  useRealtimeEvent(SERVER_EVENTS.deviceRefresh, refreshEverything);
}
