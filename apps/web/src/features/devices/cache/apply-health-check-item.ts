import {
  DEVICE_CHECK_TYPES,
  type Device,
  type DeviceCheckType,
  type DeviceHealth,
  deviceCheckTypeSchema,
  HEALTH_CHECK_KEYS,
  HEALTH_CHECK_STATUS,
  type HealthCheckItem,
  isoDateTimeSchema,
} from '@gerbang/contract';
import { z } from 'zod';

/** What the contract promises about a health-check item's fields; anything else is ignored. */
const itemDataSchema = z.record(z.string(), z.unknown()).catch({});
const itemRunSchema = z
  .looseObject({
    type: deviceCheckTypeSchema.optional().catch(undefined),
    startedAt: isoDateTimeSchema.optional().catch(undefined),
    finishedAt: isoDateTimeSchema.nullable().optional().catch(undefined),
  })
  .catch({});

function reportedStatus(data: Record<string, unknown>, type: DeviceCheckType): number | undefined {
  const reported = data[HEALTH_CHECK_KEYS[type]];
  return typeof reported === 'number' ? reported : undefined;
}

/**
 * Folds one `health-check` event item into a device: `data` carries the device's current status
 * per health-check key, `processStatus` the status of the run the item is about (named by
 * `additionalData.type`), whose start and finish times come from `additionalData` too.
 */
export function applyHealthCheckItem(device: Device, item: HealthCheckItem, now = new Date()): Device {
  const data = itemDataSchema.parse(item.data);
  const run = itemRunSchema.parse(item.additionalData);
  const health: DeviceHealth = { ...device.health };
  let hasChanged = false;

  for (const type of DEVICE_CHECK_TYPES) {
    const isSubject = run.type === type;
    const status = isSubject ? item.processStatus : reportedStatus(data, type);
    if (status === undefined) continue;
    const previous = health[type];
    if (!isSubject && (previous?.status === status || (!previous && status === HEALTH_CHECK_STATUS.Unknown))) continue;

    const isRunning = status === HEALTH_CHECK_STATUS.Checking;
    const startedAt = (isSubject ? run.startedAt : undefined) ?? previous?.startedAt ?? now.toISOString();
    const finishedAt = isRunning ? null : ((isSubject ? run.finishedAt : undefined) ?? now.toISOString());
    health[type] = { status, startedAt, finishedAt };
    hasChanged = true;
  }
  return hasChanged ? { ...device, health } : device;
}
