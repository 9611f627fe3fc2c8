import { AGENT_CONNECT_ERRORS, type DisconnectReason } from '@gerbang/contract';

/** Backoff between the simulator's own reconnect attempts (socket.io's uses the same bounds). */
export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
/** A disabled device is let back only by an operator: ask rarely. */
export const DISABLED_RETRY_MS = 60_000;

/** Reasons after which coming back would fight someone: another copy, the operator, the server. */
const RETIRING_REASONS: ReadonlySet<DisconnectReason['reason']> = new Set([
  'replaced',
  'token_rotated',
  'unsupported_protocol',
]);

export type AfterDisconnect =
  /** Transport trouble: socket.io reconnects by itself. */
  | { action: 'auto' }
  | { action: 'retire'; reason: DisconnectReason['reason'] }
  /** The server closed the connection; reconnect ourselves (delay: undefined means backoff). */
  | { action: 'retry'; delayMs?: number };

/** What to do when a connection ends, given socket.io's reason and the one the server sent first. */
export function afterDisconnect(socketIoReason: string, told: DisconnectReason['reason'] | undefined): AfterDisconnect {
  if (socketIoReason !== 'io server disconnect') return { action: 'auto' };
  if (told && RETIRING_REASONS.has(told)) return { action: 'retire', reason: told };
  return told === 'disabled' ? { action: 'retry', delayMs: DISABLED_RETRY_MS } : { action: 'retry' };
}

export type AfterConnectError = { delayMs?: number; tryNewToken: boolean; note: string };

/** What to do when the handshake is refused (socket.io does not retry after a refusal). */
export function afterConnectError(message: string): AfterConnectError {
  if (message === AGENT_CONNECT_ERRORS.disabled) {
    return { delayMs: DISABLED_RETRY_MS, tryNewToken: false, note: 'device is disabled' };
  }
  if (message === AGENT_CONNECT_ERRORS.unauthorized) {
    return { tryNewToken: true, note: 'token refused (unauthorized)' };
  }
  return { tryNewToken: false, note: `cannot connect (${message})` };
}

/** The next backoff step: doubling, capped. */
export function nextBackoff(currentMs: number): number {
  return Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, currentMs * 2));
}
