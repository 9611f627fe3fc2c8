import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { LANGUAGES } from '../limits';

/** The longest range one statement covers. */
export const STATEMENT_MAX_DAYS = 366;

/**
 * A merchant's statement: every movement of its available balance in [from, to), each with the
 * balance after it, between the opening and the closing balance, as CSV or PDF (streamed). Merchant users
 * get their own; Admins name the merchant.
 */
export const exportMerchantStatement = { method: 'GET', path: '/statements' } as const;
export const merchantStatementQuerySchema = z
  .strictObject({
    merchantId: idSchema.optional(),
    from: isoDateTimeSchema,
    to: isoDateTimeSchema,
    /** csv (the default: STATEMENT_COLUMNS) or pdf (a printable table, its words in `language`). */
    format: z.enum(['csv', 'pdf']).default('csv'),
    language: z.enum(LANGUAGES).default('en'),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'to must be after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= STATEMENT_MAX_DAYS * 86_400_000, {
    message: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
    path: ['to'],
  });
export type MerchantStatementQuery = z.infer<typeof merchantStatementQuerySchema>;

/**
 * The statement's columns. `type`: opening_balance, deposit, manual_credit, withdrawal_hold,
 * withdrawal_release, refund_hold, refund_release, payout_charged, adjustment, closing_balance;
 * `amount`: what it added to the available balance (negative: took); `balance`: after it.
 */
export const STATEMENT_COLUMNS = ['at', 'type', 'reference', 'amount', 'balance', 'currency'] as const;
