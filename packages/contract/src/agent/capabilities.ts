import { z } from 'zod';
import { HEALTH_CHECK_TYPES } from '../health-checks/health-check';

/**
 * What a phone can do: the health-check types it can run, plus `get_qr_code` (fetch an account's
 * receive QR), `wallet_login` (run the wallet login steps), `account_inquiry` (name a destination's
 * holder) and `send_transfer` (send money). The server sends a command only to
 * a phone that declared it in its hello.
 */
export const AGENT_CAPABILITIES = [
  ...HEALTH_CHECK_TYPES,
  'get_qr_code',
  'wallet_login',
  'account_inquiry',
  'send_transfer',
] as const;
export type AgentCapability = (typeof AGENT_CAPABILITIES)[number];
export const agentCapabilitySchema = z.enum(AGENT_CAPABILITIES);
