import { z } from 'zod';
import { MODES } from './mode';

/**
 * Test mode (docs/test-mode.md): a merchant integrates against a test twin of itself, whose
 * sessions, balances, tokens and webhooks never mix with live ones and which no phone ever pays.
 * The mode itself and its header are in ./mode.
 */
export const modeSchema = z.enum(MODES);

/**
 * What the test provider can make of a test session, as a customer or a merchant's server asks:
 * `paid` (the exact amount arrives in time), `paid_late` (the session expires, then the money
 * arrives), `wrong_amount` (less than asked arrives and is credited as it is, as an operator's near
 * match would), `failed` (the customer said they paid; nothing arrived).
 */
export const TEST_PAYMENT_OUTCOMES = ['paid', 'paid_late', 'wrong_amount', 'failed'] as const;
export const testPaymentOutcomeSchema = z.enum(TEST_PAYMENT_OUTCOMES);
export type TestPaymentOutcome = z.infer<typeof testPaymentOutcomeSchema>;

export const simulatePaymentBodySchema = z.strictObject({ outcome: testPaymentOutcomeSchema });
export type SimulatePaymentBody = z.infer<typeof simulatePaymentBodySchema>;

/** A wrong amount is this share of the final amount short (1 %, at least one minor unit). */
export const TEST_WRONG_AMOUNT_SHORT_PERCENT = 1;

/** The test deposit page's buttons (public, test sessions only: 403 FORBIDDEN on a live one). */
export const simulateDepositPayment = { method: 'POST', path: '/public/deposits/:id/simulate' } as const;
/** The merchant API's test helper (a test token only; scope payments:write). */
export const simulateApiPaymentSession = { method: 'POST', path: '/v1/test/payment-sessions/:id/simulate' } as const;

/** What the test provider tells a customer: no real account, nothing to send money to. */
export const TEST_PROVIDER_HOLDER = 'GERBANG TEST';
export const TEST_PROVIDER_ACCOUNT_NUMBER = '0000000000';

/**
 * What the test provider can make of a test withdrawal's transfer once it is sent (processing),
 * as a customer or a merchant's server asks: `paid` (the transfer went through), `paid_late` (no
 * answer by the deadline, so uncertain, then found in the account's history), `uncertain` (the
 * provider could not tell whether the money left: it waits, held, for `paid` or `failed`),
 * `failed` (the provider refused it; from uncertain: not in the history). The hold is settled or
 * released as a live payout's would be.
 */
export const TEST_PAYOUT_OUTCOMES = ['paid', 'paid_late', 'uncertain', 'failed'] as const;
export const testPayoutOutcomeSchema = z.enum(TEST_PAYOUT_OUTCOMES);
export type TestPayoutOutcome = z.infer<typeof testPayoutOutcomeSchema>;
export const simulatePayoutBodySchema = z.strictObject({ outcome: testPayoutOutcomeSchema });

/**
 * The outcomes the test provider can give a test withdrawal in this state: all four while it is
 * being sent, an ending once it is uncertain, none otherwise (the server's check and the panels'
 * buttons alike).
 */
export function testPayoutOutcomesFor(status: string): readonly TestPayoutOutcome[] {
  if (status === 'processing') return TEST_PAYOUT_OUTCOMES;
  if (status === 'uncertain') return ['paid', 'failed'];
  return [];
}
export type SimulatePayoutBody = z.infer<typeof simulatePayoutBodySchema>;

/** The test withdraw page's buttons (public, test withdrawals only: 403 FORBIDDEN on a live one). */
export const simulateWithdrawPayout = { method: 'POST', path: '/public/withdrawals/:id/simulate' } as const;
/** The merchant API's test helper for any of its test withdrawals (a test token; scope withdrawals:write). */
export const simulateApiWithdrawal = { method: 'POST', path: '/v1/test/withdrawals/:id/simulate' } as const;
/** The merchant console's, in test mode (a Merchant user who may request withdrawals). */
export const simulateConsoleWithdrawal = { method: 'POST', path: '/withdrawal-requests/:id/simulate' } as const;

/**
 * The test provider's account-name inquiries answer by the destination's number, so every outcome
 * can be tried: ending in 0000, no such account; ending in 1111, someone else's account (a name
 * that does not match); any other, the holder the merchant named (TEST CUSTOMER when it named none).
 */
export const TEST_ACCOUNT_NOT_FOUND_SUFFIX = '0000';
export const TEST_OTHER_HOLDER_SUFFIX = '1111';
export const TEST_OTHER_HOLDER_NAME = 'TEST OTHER HOLDER';
export const TEST_DEFAULT_HOLDER_NAME = 'TEST CUSTOMER';
