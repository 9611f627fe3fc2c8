import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { LANGUAGES } from '../limits';

// The endpoint: ./statement-endpoint.ts, without zod (the consoles name its path before the schemas load).

/** The longest range one statement covers. */
export const STATEMENT_MAX_DAYS = 366;

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
