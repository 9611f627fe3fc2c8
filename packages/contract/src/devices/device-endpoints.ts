import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema } from '../common';
import { healthCheckRunSchema, runnableDeviceCheckSchema } from '../health-checks/health-check';
import {
  deviceConnectionSchema,
  deviceLabelSchema,
  deviceNameSchema,
  deviceNotesSchema,
  deviceSchema,
  deviceStatusSchema,
} from './device';

export const DEVICE_SORTS = ['name', '-name', 'lastSeenAt', '-lastSeenAt', 'createdAt', '-createdAt'] as const;

/** The whole fleet is listed at once (hundreds of phones, not millions); filters run server-side. */
export const listDevices = { method: 'GET', path: '/devices' } as const;
export const listDevicesQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  presence: z.enum(['online', 'offline']).optional(),
  busy: z.enum(['true', 'false']).optional(),
  health: z.enum(['healthy', 'failing', 'checking', 'unknown']).optional(),
  status: deviceStatusSchema.optional(),
  sort: z.enum(DEVICE_SORTS).default('name'),
});
export type ListDevicesQuery = z.input<typeof listDevicesQuerySchema>;
export const listDevicesResponseSchema = z.object({ items: z.array(deviceSchema) });

export const getDeviceSummary = { method: 'GET', path: '/devices/summary' } as const;
export const deviceSummarySchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  busy: z.number().int(),
  healthy: z.number().int(),
  failing: z.number().int(),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

export const getDevice = { method: 'GET', path: '/devices/:id' } as const;

/** The token is returned here and by rotate, once; only its hash is stored. */
export const registerDevice = { method: 'POST', path: '/devices' } as const;
export const registerDeviceBodySchema = z.strictObject({
  name: deviceNameSchema,
  label: deviceLabelSchema.default(''),
  notes: deviceNotesSchema.default(''),
  isSimulated: z.boolean().default(false),
});
export type RegisterDeviceBody = z.input<typeof registerDeviceBodySchema>;
export const deviceWithTokenSchema = z.object({ device: deviceSchema, token: z.string() });
export type DeviceWithToken = z.infer<typeof deviceWithTokenSchema>;

export const updateDevice = { method: 'PATCH', path: '/devices/:id' } as const;
export const updateDeviceBodySchema = z
  .strictObject({
    name: deviceNameSchema.optional(),
    label: deviceLabelSchema.optional(),
    notes: deviceNotesSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one of name, label or notes' });
export type UpdateDeviceBody = z.infer<typeof updateDeviceBodySchema>;

/** The old token stops working at once and a connected agent is dropped. */
export const rotateDeviceToken = { method: 'POST', path: '/devices/:id/rotate-token' } as const;
/** Disabling drops the agent and refuses its reconnects; enabling lets it back. */
export const disableDevice = { method: 'POST', path: '/devices/:id/disable' } as const;
export const enableDevice = { method: 'POST', path: '/devices/:id/enable' } as const;

/** Runs a check on one device or a selection; a device already running that type is skipped. */
export const runHealthChecks = { method: 'POST', path: '/devices/health-checks' } as const;
export const runHealthChecksBodySchema = z.strictObject({
  deviceIds: z.array(idSchema).min(1).max(500),
  type: runnableDeviceCheckSchema,
});
export type RunHealthChecksBody = z.infer<typeof runHealthChecksBodySchema>;
export const runHealthChecksResponseSchema = z.object({
  started: z.array(healthCheckRunSchema),
  /** Devices that got nothing new, and why. */
  skipped: z.array(
    z.object({
      deviceId: idSchema,
      reason: z.enum(['offline', 'already_running', 'disabled', 'unsupported', 'not_found']),
    }),
  ),
});
export type RunHealthChecksResponse = z.infer<typeof runHealthChecksResponseSchema>;

export const listDeviceHealthChecks = { method: 'GET', path: '/devices/:id/health-checks' } as const;
export const listDeviceHealthChecksResponseSchema = pageSchema(healthCheckRunSchema);

export const listDeviceConnections = { method: 'GET', path: '/devices/:id/connections' } as const;
export const listDeviceConnectionsResponseSchema = pageSchema(deviceConnectionSchema);

export const devicePageQuerySchema = pageQuerySchema;
export const deviceResponseSchema = deviceSchema;
