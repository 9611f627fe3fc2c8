import { z } from 'zod';
import { agentCapabilitySchema } from '../agent/capabilities';
import { idSchema, isoDateTimeSchema } from '../common';
import { deviceCheckTypeSchema, deviceHealthSchema } from '../health-checks/health-check';

export const NETWORK_TYPES = ['wifi', 'cellular', 'ethernet', 'none', 'unknown'] as const;

/** What a phone's agent reports with each heartbeat. */
export const telemetrySchema = z.strictObject({
  /** Percent, 0–100. */
  battery: z.number().int().min(0).max(100),
  isCharging: z.boolean(),
  networkType: z.enum(NETWORK_TYPES),
  /** Signal bars, 0 (none) to 4 (full). */
  signal: z.number().int().min(0).max(4),
  /** The phone's public IP as it sees it. */
  ip: z.union([z.ipv4(), z.ipv6()]).nullable(),
});
export type Telemetry = z.infer<typeof telemetrySchema>;

export const DEVICE_STATUSES = ['active', 'disabled'] as const;
export const deviceStatusSchema = z.enum(DEVICE_STATUSES);

export const deviceNameSchema = z.string().trim().min(1, 'This field is required').max(100);
export const deviceLabelSchema = z.string().trim().max(100);
export const deviceNotesSchema = z.string().trim().max(2000);

/**
 * A managed phone. Presence (isOnline, lastSeenAt) comes from its agent's connection and
 * heartbeats; readiness (isReady) is derived: online, not busy, active, and every device-level
 * check that has run is OK.
 */
export const deviceSchema = z.object({
  id: idSchema,
  name: z.string(),
  label: z.string(),
  notes: z.string(),
  /** True for phones played by the device simulator: never a real phone. */
  isSimulated: z.boolean(),
  status: deviceStatusSchema,
  isOnline: z.boolean(),
  isBusy: z.boolean(),
  isReady: z.boolean(),
  lastSeenAt: isoDateTimeSchema.nullable(),
  connectedAt: isoDateTimeSchema.nullable(),
  telemetry: telemetrySchema.nullable(),
  protocolVersion: z.number().int().nullable(),
  appVersions: z.record(z.string(), z.string()),
  /** AGENT_CAPABILITIES the phone declared in its last hello. */
  capabilities: z.array(agentCapabilitySchema),
  health: deviceHealthSchema,
  tokenRotatedAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceConnectionSchema = z.object({
  id: idSchema,
  deviceId: idSchema,
  connectedAt: isoDateTimeSchema,
  disconnectedAt: isoDateTimeSchema.nullable(),
  /** Why it ended: agent disconnect, replaced by a new connection, token rotated, timeout, ... */
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type DeviceConnection = z.infer<typeof deviceConnectionSchema>;

export { deviceCheckTypeSchema };
