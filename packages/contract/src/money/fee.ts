import { z } from 'zod';

/**
 * A merchant's fee (deposit or withdrawal): a percentage (two decimals at most, kept as basis points: "2.5" % is
 * 250) plus a fixed amount in minor units. Integer arithmetic only; the percentage part rounds
 * half up to the currency's smallest unit, and the fee never exceeds the amount.
 */
export const FEE_PERCENT_MAX_BASIS_POINTS = 10_000;

const PERCENT = /^(0|[1-9]\d{0,2})(?:\.(\d{1,2}))?$/;

export const feePercentStringSchema = z
  .string()
  .trim()
  .max(10)
  .regex(PERCENT, 'Enter a percentage such as 2.5: digits, at most two decimals')
  .refine((text) => !PERCENT.test(text) || percentToBasisPoints(text) <= FEE_PERCENT_MAX_BASIS_POINTS, 'At most 100%');

/** "2.5" → 250. The text must already match the schema. */
export function percentToBasisPoints(text: string): number {
  const match = PERCENT.exec(text.trim());
  if (!match) throw new RangeError(`Not a percentage: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 250 → "2.50". */
export function basisPointsToPercent(basisPoints: number): string {
  return `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** The fee on `amountMinor`: round-half-up(amount × bps / 10,000) + fixed, capped at the amount. */
export function feeOnAmountMinor(amountMinor: bigint, basisPoints: number, fixedMinor: bigint): bigint {
  if (amountMinor < 0n) throw new RangeError('A fee is charged on a non-negative amount');
  const percentPart = (amountMinor * BigInt(basisPoints) + 5_000n) / 10_000n;
  const fee = percentPart + fixedMinor;
  return fee > amountMinor ? amountMinor : fee;
}
