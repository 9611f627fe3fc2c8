import { type DeviceBusyStatusMap, type DeviceStatusUpdate, SERVER_EVENTS } from '@gerbang/contract';
import { useSyncExternalStore } from 'react';
import { useRealtimeEvent } from '../../../lib/realtime';
import { fetchDeviceBusyStatusMap } from '../api/get-device-busy-status-map';

/**
 * Which devices are busy, loaded from REST and kept current by `device-status-update` events.
 * A plain store rather than a query: realtime events patch single entries many times a second.
 */
let busyStatusMap: DeviceBusyStatusMap = {};
const listeners = new Set<() => void>();

function publish(next: DeviceBusyStatusMap): void {
  busyStatusMap = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getDeviceBusyStatusMapSnapshot(): DeviceBusyStatusMap {
  return busyStatusMap;
}

/** Spec §8: a failed load leaves an empty map (nothing shown as busy) and rethrows. */
export async function loadDeviceBusyStatusMap(): Promise<DeviceBusyStatusMap> {
  try {
    const loaded = await fetchDeviceBusyStatusMap();
    publish(loaded);
    return loaded;
  } catch (error) {
    publish({});
    throw error;
  }
}

export function applyDeviceStatusUpdate({ deviceId, isBusy }: DeviceStatusUpdate): void {
  publish({ ...busyStatusMap, [deviceId]: isBusy });
}

/** The live map; mount on pages that show device busy state. */
export function useDeviceBusyStatusMap(): DeviceBusyStatusMap {
  useRealtimeEvent(SERVER_EVENTS.deviceStatusUpdate, applyDeviceStatusUpdate);
  return useSyncExternalStore(subscribe, getDeviceBusyStatusMapSnapshot, getDeviceBusyStatusMapSnapshot);
}
