import { z } from 'zod';

/**
 * Console realtime events (socket.io at path /ws, default namespace). Names and payloads are
 * those of spec §7; the web parses every payload with these schemas and ignores invalid ones.
 */
// The names live apart from the payload schemas, so the web can subscribe without loading zod.
export { SERVER_EVENTS } from './event-names';

/**
 * `data` maps health-check keys (healthCheckSms, ...) to the device's current status of each;
 * `processStatus` is the status of the check this event is about; `additionalData` says which
 * run (runId, type, reason, startedAt, finishedAt, result details).
 */
export const healthCheckItemSchema = z.object({
  deviceId: z.string(),
  data: z.unknown(),
  processStatus: z.number().int(),
  additionalData: z.unknown(),
});
export const healthCheckEventSchema = z.array(healthCheckItemSchema);
export type HealthCheckItem = z.infer<typeof healthCheckItemSchema>;

export const deviceStatusUpdateSchema = z.object({ deviceId: z.string(), isBusy: z.boolean() });
export type DeviceStatusUpdate = z.infer<typeof deviceStatusUpdateSchema>;

/** Map of available (connected) device ids. */
export const deviceGetConnectedSchema = z.record(z.string(), z.boolean());

export const SESSION_END_REASONS = ['logout', 'expired', 'revoked', 'disabled'] as const;
export const sessionEndedSchema = z.object({ reason: z.enum(SESSION_END_REASONS) });
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

export type ServerToClientEvents = {
  'health-check': (payload: HealthCheckItem[]) => void;
  'device-status-update': (payload: DeviceStatusUpdate) => void;
  'device:getConnected': (payload: Record<string, boolean>) => void;
  'device:refresh': () => void;
  'merchant:trigger-available-balance': () => void;
  'maya-login-status-update': (payload: unknown) => void;
  'session:ended': (payload: SessionEnded) => void;
};
// biome-ignore lint/complexity/noBannedTypes: consoles send nothing over the socket yet.
export type ClientToServerEvents = {};

/** Connect errors the server gives at handshake; the client refreshes once on `unauthorized`. */
export const REALTIME_CONNECT_ERRORS = { unauthorized: 'unauthorized' } as const;
