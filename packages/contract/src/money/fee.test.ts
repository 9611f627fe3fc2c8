import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from './currencies';
import {
  basisPointsToPercent,
  FEE_PERCENT_MAX_BASIS_POINTS,
  feeOnAmountMinor,
  feePercentStringSchema,
  percentToBasisPoints,
} from './fee';

const amounts = fc.bigInt({ min: 0n, max: MAX_AMOUNT_MINOR });
const basisPoints = fc.integer({ min: 0, max: FEE_PERCENT_MAX_BASIS_POINTS });
const fixed = fc.bigInt({ min: 0n, max: 10n ** 9n });

describe('deposit fee', () => {
  it('is the percentage rounded half up plus the fixed part: 2.5% + 1000 of 150000 is 4750', () => {
    expect(feeOnAmountMinor(150_000n, 250, 1_000n)).toBe(4_750n);
    expect(feeOnAmountMinor(1n, 5_000, 0n)).toBe(1n); // 0.5 rounds up
    expect(feeOnAmountMinor(1n, 4_999, 0n)).toBe(0n);
  });

  it('never exceeds the amount and never goes below the fixed part (when the amount allows it)', () => {
    fc.assert(
      fc.property(amounts, basisPoints, fixed, (amount, bps, fix) => {
        const fee = feeOnAmountMinor(amount, bps, fix);
        expect(fee <= amount).toBe(true);
        expect(fee >= (fix < amount ? fix : amount)).toBe(true);
      }),
    );
  });

  it('rounds an exact half up (a counterexample fast-check found in CI)', () => {
    // 300,705,300,176,760 × 71.25 % = 214,252,526,375,941.5
    expect(feeOnAmountMinor(300_705_300_176_760n, 7125, 0n)).toBe(214_252_526_375_942n);
    expect(feeOnAmountMinor(2n, 2500, 0n)).toBe(1n);
  });

  it('is within half a minor unit of the exact percentage', () => {
    fc.assert(
      fc.property(amounts, basisPoints, (amount, bps) => {
        const fee = feeOnAmountMinor(amount, bps, 0n);
        const exactTimes10000 = amount * BigInt(bps);
        const diff = fee * 10_000n - exactTimes10000;
        // Half up: an exact half (diff +5,000) rounds up; anything below half rounds down.
        expect(diff > -5_000n && diff <= 5_000n).toBe(true);
      }),
    );
  });

  it('grows with the amount', () => {
    fc.assert(
      fc.property(amounts, amounts, basisPoints, fixed, (a, b, bps, fix) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(feeOnAmountMinor(low, bps, fix) <= feeOnAmountMinor(high, bps, fix)).toBe(true);
      }),
    );
  });
});

describe('fee percentage', () => {
  it('reads and writes two decimals exactly', () => {
    expect(percentToBasisPoints('2.5')).toBe(250);
    expect(percentToBasisPoints('0.07')).toBe(7);
    expect(basisPointsToPercent(250)).toBe('2.50');
    fc.assert(
      fc.property(basisPoints, (bps) => {
        expect(percentToBasisPoints(basisPointsToPercent(bps))).toBe(bps);
      }),
    );
  });

  it.each(['-1', '2.555', '101', '1e2', '', 'abc'])('refuses %j', (text) => {
    expect(feePercentStringSchema.safeParse(text).success).toBe(false);
  });
});
