import { AGENT_CONNECT_ERRORS } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import {
  afterConnectError,
  afterDisconnect,
  DISABLED_RETRY_MS,
  nextBackoff,
  RETRY_MAX_MS,
  RETRY_MIN_MS,
} from './reconnect-policy';

describe('when a simulated phone reconnects', () => {
  it('leaves transport trouble to socket.io', () => {
    expect(afterDisconnect('transport close', undefined)).toEqual({ action: 'auto' });
    expect(afterDisconnect('ping timeout', undefined)).toEqual({ action: 'auto' });
  });

  it.each(['replaced', 'token_rotated', 'unsupported_protocol'] as const)('stays away after "%s"', (reason) => {
    expect(afterDisconnect('io server disconnect', reason)).toEqual({ action: 'retire', reason });
  });

  it('asks again rarely after being disabled, and with backoff after other server disconnects', () => {
    expect(afterDisconnect('io server disconnect', 'disabled')).toEqual({
      action: 'retry',
      delayMs: DISABLED_RETRY_MS,
    });
    expect(afterDisconnect('io server disconnect', 'hello_timeout')).toEqual({ action: 'retry' });
    expect(afterDisconnect('io server disconnect', undefined)).toEqual({ action: 'retry' });
  });

  it('tries a new token only when the token was refused', () => {
    expect(afterConnectError(AGENT_CONNECT_ERRORS.unauthorized).tryNewToken).toBe(true);
    expect(afterConnectError(AGENT_CONNECT_ERRORS.disabled)).toMatchObject({
      tryNewToken: false,
      delayMs: DISABLED_RETRY_MS,
    });
    expect(afterConnectError('xhr poll error')).toEqual({
      tryNewToken: false,
      note: 'cannot connect (xhr poll error)',
    });
  });

  it('doubles the backoff up to its cap', () => {
    const steps = [RETRY_MIN_MS];
    for (let i = 0; i < 8; i++) steps.push(nextBackoff(steps.at(-1) ?? 0));
    expect(steps.slice(0, 4)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(steps.at(-1)).toBe(RETRY_MAX_MS);
  });
});
