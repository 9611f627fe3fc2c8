import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';

/** Spec §3 health check types, plus `ip` (a device-level check, issue 3). */
export const HEALTH_CHECK_TYPES = [
  'get_balance',
  'transfer',
  'transaction_history',
  'sms',
  'network',
  'ip',
  'app',
  'click',
  'swipe',
  'is_alive',
  'is_whitelisted',
  'proxy',
  'wallet',
  'device',
  'all',
] as const;
export type HealthCheckType = (typeof HEALTH_CHECK_TYPES)[number];
export const healthCheckTypeSchema = z.enum(HEALTH_CHECK_TYPES);

/** The checks a device runs itself. "device" runs all four; "all" runs every check the device supports. */
export const DEVICE_CHECK_TYPES = ['sms', 'network', 'ip', 'app'] as const;
export type DeviceCheckType = (typeof DEVICE_CHECK_TYPES)[number];
export const deviceCheckTypeSchema = z.enum(DEVICE_CHECK_TYPES);

/** What an operator may ask a device to run in this release. */
export const RUNNABLE_DEVICE_CHECKS = ['sms', 'network', 'ip', 'app', 'device', 'all'] as const;
export const runnableDeviceCheckSchema = z.enum(RUNNABLE_DEVICE_CHECKS);
export type RunnableDeviceCheck = z.infer<typeof runnableDeviceCheckSchema>;

/** Spec §3 health-check keys, one per check type that has a status of its own. */
export const HEALTH_CHECK_KEYS = {
  sms: 'healthCheckSms',
  network: 'healthCheckNetwork',
  ip: 'healthCheckIp',
  app: 'healthCheckApp',
  transfer: 'healthCheckTransfer',
  transaction_history: 'healthCheckTransactionHistory',
  get_balance: 'healthCheckGetBalance',
  get_qr_code: 'healthCheckGetQrCode',
} as const;

export const HEALTH_CHECK_TRIGGERS = ['user', 'schedule'] as const;
export const HEALTH_CHECK_FAILURE_REASONS = ['timeout', 'failed', 'disconnected', 'unsupported', 'offline'] as const;

/** One recorded run of one check type on one device. */
export const healthCheckRunSchema = z.object({
  id: idSchema,
  deviceId: idSchema,
  type: deviceCheckTypeSchema,
  status: z.number().int(),
  trigger: z.enum(HEALTH_CHECK_TRIGGERS),
  startedByUserId: idSchema.nullable(),
  data: z.unknown(),
  additionalData: z.unknown(),
  reason: z.enum(HEALTH_CHECK_FAILURE_REASONS).nullable(),
  startedAt: isoDateTimeSchema,
  finishedAt: isoDateTimeSchema.nullable(),
  deadlineAt: isoDateTimeSchema,
});
export type HealthCheckRun = z.infer<typeof healthCheckRunSchema>;

/** Latest status per device-level check, as shown on the dashboard. */
export const deviceHealthSchema = z.record(
  deviceCheckTypeSchema,
  z.object({ status: z.number().int(), startedAt: isoDateTimeSchema, finishedAt: isoDateTimeSchema.nullable() }),
);
export type DeviceHealth = z.infer<typeof deviceHealthSchema>;
