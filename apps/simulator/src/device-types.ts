import { type AgentCapability, DEVICE_CHECK_TYPES, WALLET_CHECK_TYPES } from '@gerbang/contract';
import type { Logger } from './logger';
import type { Random } from './prng';
import type { DeviceCredential } from './register-devices';
import type { FaultBook } from './wallets/faults';

export type DeviceBehaviour = {
  /** Mean time to answer a command (±25% jitter). */
  latencyMs: number;
  /** Share of checks answered ok: false, 0–1. */
  failureRate: number;
  /** Chance per heartbeat that an idle phone goes busy for a while, 0–1. */
  busyRate: number;
  /** Overrides the interval the server gives in the hello ack. */
  heartbeatMs?: number;
  /** How long a simulated OTP is good (default: the contract's WALLET_OTP_TTL_SECONDS_DEFAULT). */
  otpTtlSeconds?: number;
  /**
   * The apps are already signed in to the accounts the server lists (a phone that kept its
   * sessions): for benchmarks whose server was seeded with logged-in accounts.
   */
  accountsSignedIn?: boolean;
};

/**
 * idle: not started · connecting: waiting for socket.io · greeting: connected, hello sent ·
 * online: hello accepted · waiting: refused or dropped, retrying later · retired: the server
 * said not to come back (replaced, token rotated, unsupported protocol) · stopped: by us.
 */
export type DeviceState = 'idle' | 'connecting' | 'greeting' | 'online' | 'waiting' | 'retired' | 'stopped';

export type DeviceStats = {
  connects: number;
  heartbeats: number;
  commandsReceived: number;
  checksAnswered: number;
  checksFailed: number;
  walletCommandsAnswered: number;
  transfersReported: number;
  /** Results not sent because the connection ended before they were due. */
  resultsDropped: number;
  /** Acks that were refusals or never came. */
  ackProblems: number;
  busyChanges: number;
};

export type SimulatedDeviceOptions = {
  server: string;
  credential: DeviceCredential;
  behaviour: DeviceBehaviour;
  random: Random;
  logger: Logger;
  /** Asked for a fresh token when the server refuses this one; null keeps the old one. */
  renewToken?: () => Promise<string | null>;
  ackTimeoutMs?: number;
  /** The faults armed on the fleet (shared by its phones). */
  faults?: FaultBook;
  /** Holder names the simulated providers give known destination accounts (shared by the fleet). */
  destinations?: Map<string, string>;
};

/** A phone's figures before it did anything. */
export const noDeviceStats = (): DeviceStats => ({
  connects: 0,
  heartbeats: 0,
  commandsReceived: 0,
  checksAnswered: 0,
  checksFailed: 0,
  walletCommandsAnswered: 0,
  transfersReported: 0,
  resultsDropped: 0,
  ackProblems: 0,
  busyChanges: 0,
});

/** The device checks, the wallet checks, the QR fetch, the wallet login, inquiries and transfers. */
export const SIMULATED_CAPABILITIES: readonly AgentCapability[] = [
  ...DEVICE_CHECK_TYPES,
  ...WALLET_CHECK_TYPES,
  'get_qr_code',
  'wallet_login',
  'account_inquiry',
  'send_transfer',
];
