import { z } from 'zod';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';

// The endpoint: ./merchant-stats-endpoint.ts, without zod (the consoles name its path before the schemas load).

/** Days the merchant dashboard's chart shows, today included. */
export const MERCHANT_STATS_DAYS = 14;

/**
 * One day of a merchant's payment sessions, by the day they were opened in the merchant's time
 * zone: how many, how many ended (success, failed or time-out) and succeeded, and the amount the
 * succeeded ones paid (before fees). The success rate is succeeded / ended.
 */
export const merchantDayStatsSchema = z.object({
  day: z.iso.date(),
  sessions: z.number().int(),
  ended: z.number().int(),
  succeeded: z.number().int(),
  volume: amountSchema,
});
export type MerchantDayStats = z.infer<typeof merchantDayStatsSchema>;

export const merchantStatsSchema = z.object({
  currency: currencySchema,
  timeZone: z.string(),
  /** MERCHANT_STATS_DAYS days, oldest first; the last is today. Days without sessions are zeros. */
  days: z.array(merchantDayStatsSchema),
  /** Withdrawals still holding money (the pending balance is what they hold). */
  openWithdrawals: z.number().int(),
});
export type MerchantStats = z.infer<typeof merchantStatsSchema>;
