import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';

/**
 * Operations analytics (Admin and Sub Admin, admin console `/analytics`): money in and out of one
 * currency over the last `days` days, grouped by day or hour of day (Jakarta time), merchant,
 * method or account. Every figure is computed from the same rows the lists show, so a row's link to
 * its list (sessions of that merchant, method, account or day) finds what it counts.
 */
export const ANALYTICS_GROUPS = ['day', 'hour', 'merchant', 'method', 'account'] as const;
export const analyticsGroupSchema = z.enum(ANALYTICS_GROUPS);
export type AnalyticsGroup = z.infer<typeof analyticsGroupSchema>;
/** The longest window a page reads (the default is a week). */
export const ANALYTICS_DAYS_MAX = 90;

export const getAnalytics = { method: 'GET', path: '/analytics' } as const;
export const analyticsQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(ANALYTICS_DAYS_MAX).default(7),
  currency: currencySchema.default('IDR'),
  by: analyticsGroupSchema.default('day'),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsFiguresSchema = z.object({
  /** Payment sessions opened, and paid (success). */
  sessionsOpened: z.number().int(),
  sessionsPaid: z.number().int(),
  /** Paid of opened, in percent with one decimal; null when none was opened. */
  successRate: z.number().nullable(),
  /** What arrived for the paid sessions. */
  volumeIn: amountSchema,
  /** Seconds from a session's opening to its credit, median and 95th percentile; null: none paid. */
  secondsToCreditP50: z.number().nullable(),
  secondsToCreditP95: z.number().nullable(),
  /** Withdrawals of every kind paid and failed, and what the paid ones sent. */
  payoutsPaid: z.number().int(),
  payoutsFailed: z.number().int(),
  volumeOut: amountSchema,
  /** Incoming transfers, and those that paid a session by themselves (no operator). */
  transfersIn: z.number().int(),
  transfersMatched: z.number().int(),
  /** Matched of incoming, in percent with one decimal; null when none came. */
  matchRate: z.number().nullable(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

export const analyticsRowSchema = z.object({
  /** The group's value: a day (YYYY-MM-DD), an hour ("0"–"23"), a merchant's or account's id, a method; "" for none. */
  key: z.string(),
  /** What a person reads: the merchant's name, the account's provider and number, … (the day or hour as is). */
  label: z.string(),
  figures: analyticsFiguresSchema,
});
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;

export const analyticsSchema = z.object({
  currency: currencySchema,
  days: z.number().int(),
  by: analyticsGroupSchema,
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  totals: analyticsFiguresSchema.extend({
    /** Now, whatever the window: transfers waiting in the review queue, and customers' open claims. */
    transfersWaiting: z.number().int(),
    claimsWaiting: z.number().int(),
  }),
  rows: z.array(analyticsRowSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;
