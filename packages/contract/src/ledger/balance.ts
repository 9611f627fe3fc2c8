import { z } from 'zod';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';

/**
 * A merchant's balances, read from the ledger: `available` may be taken out; `pending` is held
 * (for a withdrawal in progress). Decimal strings in the merchant's currency.
 */
export const merchantBalanceSchema = z.object({
  currency: currencySchema,
  available: amountSchema,
  pending: amountSchema,
});
export type MerchantBalance = z.infer<typeof merchantBalanceSchema>;

/** Merchant API (scope `balance:read`). */
export const getApiBalance = { method: 'GET', path: '/v1/balance' } as const;
