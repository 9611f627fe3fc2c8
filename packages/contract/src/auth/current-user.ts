import { z } from 'zod';
import { merchantBalanceSchema } from '../ledger/balance';
import { amountSchema } from '../money/amount';
import { userSchema } from '../users/user';

export const currentUser = { method: 'GET', path: '/auth/current-user' } as const;
/**
 * The signed-in user; a Merchant user also gets its merchant's balances (spec §4: the realtime
 * event merchant:trigger-available-balance reloads the current user to refresh the balance).
 */
export const currentUserResponseSchema = userSchema.extend({
  merchantBalance: merchantBalanceSchema.optional(),
  /** A Merchant user's withdrawal fee, held with each withdrawal ("1.00" %, plus the fixed part). */
  merchantWithdrawalFee: z.object({ percent: z.string(), fixed: amountSchema }).optional(),
  /** The user's role must use a second factor: without one, the user can only enrol. */
  secondFactorRequired: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserResponseSchema>;
