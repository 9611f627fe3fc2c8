import { HEALTH_CHECK_STATUS, type HealthCheckStatus } from '../health-checks/health-check-status';
import type { DEVICE_STATUSES } from './device';

/** Why a phone cannot take work now, in the order the consoles name them. */
export const DEVICE_NOT_READY_REASONS = ['disabled', 'offline', 'busy', 'check_failing', 'check_running'] as const;
export type DeviceNotReadyReason = (typeof DEVICE_NOT_READY_REASONS)[number];

/**
 * A device is ready when it is active, online, not busy, and none of its device-level checks is
 * failing or running (one that never ran does not hold it back). The server's `isReady` and the
 * consoles' reasons both come from here. Empty: ready.
 */
export function deviceNotReadyReasons(device: {
  status: (typeof DEVICE_STATUSES)[number];
  isOnline: boolean;
  isBusy: boolean;
  checkStatuses: readonly HealthCheckStatus[];
}): DeviceNotReadyReason[] {
  const reasons: DeviceNotReadyReason[] = [];
  if (device.status !== 'active') reasons.push('disabled');
  if (!device.isOnline) reasons.push('offline');
  if (device.isBusy) reasons.push('busy');
  if (device.checkStatuses.includes(HEALTH_CHECK_STATUS.Failed)) reasons.push('check_failing');
  else if (device.checkStatuses.includes(HEALTH_CHECK_STATUS.Checking)) reasons.push('check_running');
  return reasons;
}
