import type { Device } from '@gerbang/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getDeviceQueryOptions } from '../api/get-device';
import { getDevicesQueryOptions } from '../api/get-devices';

type DeviceUpdate = (device: Device) => Device;

/**
 * Realtime events patch the cached devices in place (every list and the detail), so an event
 * costs no request. An update that returns the same object leaves the cache entry untouched.
 */
export function patchDevice(queryClient: QueryClient, deviceId: string, update: DeviceUpdate): void {
  patchEveryDevice(queryClient, (device) => (device.id === deviceId ? update(device) : device));
}

export function patchEveryDevice(queryClient: QueryClient, update: DeviceUpdate): void {
  queryClient.setQueriesData<Device[]>({ queryKey: getDevicesQueryOptions().queryKey }, (devices) => {
    if (!devices) return devices;
    let hasChanged = false;
    const next = devices.map((device) => {
      const updated = update(device);
      if (updated !== device) hasChanged = true;
      return updated;
    });
    return hasChanged ? next : devices;
  });
  queryClient.setQueriesData<Device>({ queryKey: ['devices', 'detail'] }, (device) => device && update(device));
}

/** A mutation answered with the changed device: show it everywhere at once. */
export function storeChangedDevice(queryClient: QueryClient, changed: Device): void {
  queryClient.setQueryData(getDeviceQueryOptions(changed.id).queryKey, changed);
  patchDevice(queryClient, changed.id, () => changed);
}
