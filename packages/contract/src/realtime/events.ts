import { z } from 'zod';
import { walletProviderSchema } from '../wallets/provider';
import { walletLoginStatusSchema } from '../wallets/wallet-account';
import { walletLoginFlowSchema } from '../wallets/wallet-login';

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

/**
 * `maya-login-status-update` (Maya) and `wallet-login-status-update` (DANA, Livin'): an account's
 * login flow moved (a step started, ended, the OTP is awaited, it succeeded or failed).
 */
export const walletLoginStatusUpdateSchema = z.object({
  accountId: z.string(),
  provider: walletProviderSchema,
  loginStatus: walletLoginStatusSchema,
  flow: walletLoginFlowSchema,
});
export type WalletLoginStatusUpdate = z.infer<typeof walletLoginStatusUpdateSchema>;

/**
 * `wallet-health-check`: like health-check, per account. `data` maps the wallet health-check keys
 * (healthCheckGetBalance, healthCheckTransfer, healthCheckTransactionHistory, healthCheckGetQrCode)
 * to the account's current status of each; `processStatus` is this run's.
 */
export const walletHealthCheckItemSchema = z.object({
  accountId: z.string(),
  deviceId: z.string(),
  provider: walletProviderSchema,
  data: z.record(z.string(), z.number().int()),
  processStatus: z.number().int(),
  additionalData: z.unknown(),
});
export const walletHealthCheckEventSchema = z.array(walletHealthCheckItemSchema);
export type WalletHealthCheckItem = z.infer<typeof walletHealthCheckItemSchema>;

/** `wallet:refresh`: these accounts changed (empty: the lists as a whole). */
export const walletRefreshSchema = z.object({ accountIds: z.array(z.string()) });
export type WalletRefresh = z.infer<typeof walletRefreshSchema>;

export const SESSION_END_REASONS = ['logout', 'expired', 'revoked', 'disabled'] as const;
export const sessionEndedSchema = z.object({ reason: z.enum(SESSION_END_REASONS) });
export type SessionEnded = z.infer<typeof sessionEndedSchema>;

/** `withdrawal:update`: a withdrawal moved; lists and details refetch it (a return has no merchant). */
export const withdrawalUpdateSchema = z.object({
  id: z.string(),
  merchantId: z.string().nullable(),
  status: z.string(),
});
export type WithdrawalUpdate = z.infer<typeof withdrawalUpdateSchema>;

/** `payout-method:update`: a payout method's verification moved (merchant console). */
export const payoutMethodUpdateSchema = z.object({ id: z.string(), status: z.string() });
export type PayoutMethodUpdate = z.infer<typeof payoutMethodUpdateSchema>;

/** `payment-session:update`: a payment session moved; lists and details refetch it. */
export const paymentSessionUpdateSchema = z.object({
  id: z.string(),
  merchantId: z.string(),
  status: z.enum(['created', 'awaiting_payment', 'processing', 'success', 'failed', 'expired']),
});
export type PaymentSessionUpdate = z.infer<typeof paymentSessionUpdateSchema>;

export type ServerToClientEvents = {
  'health-check': (payload: HealthCheckItem[]) => void;
  'device-status-update': (payload: DeviceStatusUpdate) => void;
  'device:getConnected': (payload: Record<string, boolean>) => void;
  'device:refresh': () => void;
  'merchant:trigger-available-balance': () => void;
  'maya-login-status-update': (payload: WalletLoginStatusUpdate) => void;
  'wallet-login-status-update': (payload: WalletLoginStatusUpdate) => void;
  'wallet-health-check': (payload: WalletHealthCheckItem[]) => void;
  'wallet:refresh': (payload: WalletRefresh) => void;
  'session:ended': (payload: SessionEnded) => void;
  'payment-session:update': (payload: PaymentSessionUpdate) => void;
  'withdrawal:update': (payload: WithdrawalUpdate) => void;
  'payout-method:update': (payload: PayoutMethodUpdate) => void;
  'alerts:changed': () => void;
};
// biome-ignore lint/complexity/noBannedTypes: consoles send nothing over the socket yet.
export type ClientToServerEvents = {};

/** Connect errors the server gives at handshake; the client refreshes once on `unauthorized`. */
export const REALTIME_CONNECT_ERRORS = { unauthorized: 'unauthorized' } as const;
