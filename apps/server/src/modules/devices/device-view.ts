import {
  DEVICE_CHECK_TYPES,
  type Device,
  type DeviceHealth,
  deviceNotReadyReasons,
  HEALTH_CHECK_STATUS,
  type HealthCheckType,
  readHealthCheckStatus,
  type Telemetry,
} from '@gerbang/contract';
import type { LatestCheck } from '../health-checks/health-checks.repository';
import type { DeviceRecord } from './devices.repository';

export type HealthState = 'healthy' | 'failing' | 'checking' | 'unknown';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Failing beats checking beats healthy; a device whose checks never ran is unknown. */
export function healthStateOf(checks: readonly LatestCheck[]): HealthState {
  const statuses = checks.map((c) => readHealthCheckStatus(c.status));
  if (statuses.includes(HEALTH_CHECK_STATUS.Failed)) return 'failing';
  if (statuses.includes(HEALTH_CHECK_STATUS.Checking)) return 'checking';
  if (statuses.includes(HEALTH_CHECK_STATUS.OK)) return 'healthy';
  return 'unknown';
}

export function groupByDevice(checks: readonly LatestCheck[]): Map<string, LatestCheck[]> {
  const byDevice = new Map<string, LatestCheck[]>();
  for (const check of checks) {
    const list = byDevice.get(check.deviceId) ?? [];
    list.push(check);
    byDevice.set(check.deviceId, list);
  }
  return byDevice;
}

/**
 * The API view of a device. Presence (isOnline) comes from the connection and heartbeats;
 * readiness is derived: online, not busy, active, and no device-level check failing or checking.
 */
export function toDevice(record: DeviceRecord, checks: readonly LatestCheck[]): Device {
  // The contract's health record has every device-level check; one that never ran reads
  // Unknown (0), dated from the device's registration.
  const health = Object.fromEntries(
    DEVICE_CHECK_TYPES.map((type) => {
      const check = checks.find((c) => c.type === type);
      const entry = check
        ? { status: check.status, startedAt: check.startedAt, finishedAt: check.finishedAt }
        : { status: HEALTH_CHECK_STATUS.Unknown, startedAt: record.createdAt.toISOString(), finishedAt: null };
      return [type, entry];
    }),
  ) as DeviceHealth;
  return {
    id: record.id,
    name: record.name,
    label: record.label,
    notes: record.notes,
    isSimulated: record.isSimulated,
    status: record.status,
    isOnline: record.isOnline,
    isBusy: record.isBusy,
    isReady:
      deviceNotReadyReasons({
        status: record.status,
        isOnline: record.isOnline,
        isBusy: record.isBusy,
        checkStatuses: checks.map((check) => readHealthCheckStatus(check.status)),
      }).length === 0,
    lastSeenAt: iso(record.lastSeenAt),
    connectedAt: record.isOnline ? iso(record.connectedAt) : null,
    telemetry: (record.telemetry as Telemetry | null) ?? null,
    protocolVersion: record.protocolVersion,
    appVersions: record.appVersions,
    capabilities: record.capabilities as HealthCheckType[],
    health,
    tokenRotatedAt: record.tokenRotatedAt.toISOString(),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
