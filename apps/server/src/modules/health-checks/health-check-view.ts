import {
  DEVICE_CHECK_TYPES,
  type DeviceCheckType,
  HEALTH_CHECK_KEYS,
  HEALTH_CHECK_STATUS,
  type HealthCheckItem,
  type HealthCheckRun,
} from '@gerbang/contract';
import type { LatestCheck, RunRecord } from './health-checks.repository';

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function toHealthCheckRun(run: RunRecord): HealthCheckRun {
  return {
    id: run.id,
    deviceId: run.deviceId,
    type: run.type as DeviceCheckType,
    status: run.status,
    trigger: run.trigger,
    startedByUserId: run.startedByUserId,
    data: run.data ?? {},
    additionalData: run.additionalData ?? {},
    reason: run.reason as HealthCheckRun['reason'],
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    deadlineAt: run.deadlineAt.toISOString(),
  };
}

/**
 * One `health-check` event item (spec §7): `data` maps each device-level health-check key to the
 * device's current status (0 when never run), `processStatus` is this run's status, and
 * `additionalData` is the run's result details plus which run it is.
 */
export function toHealthCheckItem(run: RunRecord, latest: readonly LatestCheck[]): HealthCheckItem {
  const data: Record<string, number> = {};
  for (const type of DEVICE_CHECK_TYPES) {
    const check = latest.find((c) => c.deviceId === run.deviceId && c.type === type);
    data[HEALTH_CHECK_KEYS[type]] = check?.status ?? HEALTH_CHECK_STATUS.Unknown;
  }
  return {
    deviceId: run.deviceId,
    data,
    processStatus: run.status,
    additionalData: {
      ...asObject(run.data),
      ...asObject(run.additionalData),
      runId: run.id,
      type: run.type,
      trigger: run.trigger,
      reason: run.reason,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
    },
  };
}
