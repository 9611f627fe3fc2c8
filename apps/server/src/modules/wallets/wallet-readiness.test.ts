import {
  WALLET_ACCOUNT_STATUSES,
  WALLET_HEALTH_STATES,
  WALLET_LOGIN_STATUSES,
  type WalletReadiness,
} from '@gerbang/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ReadinessFacts, readinessOf } from './wallet-readiness';

const limit = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const amount = fc.bigInt({ min: 0n, max: 10_000_000n });
const count = fc.integer({ min: 0, max: 50 });

const facts: fc.Arbitrary<ReadinessFacts> = fc.record({
  device: fc.record({
    isOnline: fc.boolean(),
    isBusy: fc.boolean(),
    status: fc.constantFrom('active' as const, 'disabled' as const),
  }),
  status: fc.constantFrom(...WALLET_ACCOUNT_STATUSES),
  loginStatus: fc.constantFrom(...WALLET_LOGIN_STATUSES),
  healthState: fc.constantFrom(...WALLET_HEALTH_STATES),
  forceActive: fc.boolean(),
  limits: fc.record({
    dailyIncomingAmount: limit(amount),
    dailyIncomingCount: limit(count),
    dailyOutgoingAmount: limit(amount),
    dailyOutgoingCount: limit(count),
  }),
  today: fc.record({ incomingAmount: amount, incomingCount: count, outgoingAmount: amount, outgoingCount: count }),
});

/** The rule, written out plainly, as the oracle. */
function expected(f: ReadinessFacts): Pick<WalletReadiness, 'canReceive' | 'canSend' | 'isReady'> {
  const base =
    f.device.isOnline &&
    !f.device.isBusy &&
    f.device.status === 'active' &&
    f.loginStatus === 'logged_in' &&
    f.status === 'active' &&
    (f.healthState === 'healthy' || f.forceActive);
  const under = (total: bigint | number, max: bigint | number | null) => max === null || total < max;
  const receive =
    base &&
    under(f.today.incomingAmount, f.limits.dailyIncomingAmount) &&
    under(f.today.incomingCount, f.limits.dailyIncomingCount);
  const send =
    base &&
    under(f.today.outgoingAmount, f.limits.dailyOutgoingAmount) &&
    under(f.today.outgoingCount, f.limits.dailyOutgoingCount);
  return { canReceive: receive, canSend: send, isReady: receive && send };
}

const READY: ReadinessFacts = {
  device: { isOnline: true, isBusy: false, status: 'active' },
  status: 'active',
  loginStatus: 'logged_in',
  healthState: 'healthy',
  forceActive: false,
  limits: { dailyIncomingAmount: null, dailyIncomingCount: null, dailyOutgoingAmount: null, dailyOutgoingCount: null },
  today: { incomingAmount: 0n, incomingCount: 0, outgoingAmount: 0n, outgoingCount: 0 },
};

describe('wallet account readiness', () => {
  it('lets an account move money exactly when its phone, login, status, health and limits allow', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const readiness = readinessOf(f);
        expect({ canReceive: readiness.canReceive, canSend: readiness.canSend, isReady: readiness.isReady }).toEqual(
          expected(f),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('gives a reason whenever something is blocked, and none when nothing is', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const readiness = readinessOf(f);
        expect(readiness.reasons.length === 0).toBe(readiness.isReady);
        expect(new Set(readiness.reasons).size).toBe(readiness.reasons.length);
      }),
    );
  });

  it('force-active overrides health only: it never makes an offline, busy, signed-out or disabled account ready', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const forced = readinessOf({ ...f, forceActive: true });
        const healthy = readinessOf({ ...f, forceActive: false, healthState: 'healthy' });
        expect(forced.canReceive).toBe(healthy.canReceive);
        expect(forced.canSend).toBe(healthy.canSend);
        expect(forced.isForceActiveInEffect).toBe(f.healthState !== 'healthy');
      }),
    );
  });

  it('a daily limit blocks only its own direction', () => {
    const limited = readinessOf({
      ...READY,
      limits: { ...READY.limits, dailyIncomingCount: 3 },
      today: { ...READY.today, incomingCount: 3 },
    });
    expect(limited).toEqual({
      isReady: false,
      canReceive: false,
      canSend: true,
      reasons: ['daily_incoming_count_reached'],
      isForceActiveInEffect: false,
    });
    const outgoing = readinessOf({
      ...READY,
      limits: { ...READY.limits, dailyOutgoingAmount: 1_000_000n },
      today: { ...READY.today, outgoingAmount: 999_999n },
    });
    expect(outgoing.canSend).toBe(true);
  });

  it('names every reason of a thoroughly unready account, common ones first', () => {
    const readiness = readinessOf({
      ...READY,
      device: { isOnline: false, isBusy: true, status: 'disabled' },
      status: 'auto_disabled',
      loginStatus: 'session_expired',
      healthState: 'failing',
      limits: { ...READY.limits, dailyOutgoingCount: 1 },
      today: { ...READY.today, outgoingCount: 1 },
    });
    expect(readiness.reasons).toEqual([
      'device_disabled',
      'device_offline',
      'device_busy',
      'account_auto_disabled',
      'not_logged_in',
      'health_failing',
      'daily_outgoing_count_reached',
    ]);
  });
});
