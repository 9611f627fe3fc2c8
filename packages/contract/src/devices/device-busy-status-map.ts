import { z } from 'zod';

/** Spec §7: map of device id to its busy flag. The server side arrives with the devices issue. */
export const getDeviceBusyStatusMap = { method: 'GET', path: '/device/busy-status-map' } as const;

export const deviceBusyStatusMapSchema = z.record(z.string(), z.boolean());
export type DeviceBusyStatusMap = z.infer<typeof deviceBusyStatusMapSchema>;
