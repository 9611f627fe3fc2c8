import type { PaymentClaimStatus } from '../payments/payment-claim';
import type { PaymentSessionStatus } from '../payments/payment-session';
import type { WithdrawalStatus } from '../withdrawals/withdrawal';

// The webhook events' type names, in a module without zod: the consoles' webhooks page names them
// (its filter, an endpoint's subscriptions) before the schemas have loaded.

/** The webhook type of each payment session state (docs/webhooks.md). */
export const PAYMENT_SESSION_EVENT_TYPES: Record<PaymentSessionStatus, string> = {
  created: 'payment_session.created',
  awaiting_payment: 'payment_session.awaiting_payment',
  processing: 'payment_session.processing',
  success: 'payment_session.succeeded',
  failed: 'payment_session.failed',
  expired: 'payment_session.expired',
};

/** The webhook type of each withdrawal state (docs/webhooks.md, docs/withdrawals.md). */
export const WITHDRAWAL_EVENT_TYPES: Record<WithdrawalStatus, string> = {
  awaiting_destination: 'withdrawal.awaiting_destination',
  verifying: 'withdrawal.verifying',
  name_review: 'withdrawal.name_review',
  awaiting_confirmation: 'withdrawal.awaiting_confirmation',
  confirmed: 'withdrawal.confirmed',
  pending_approval: 'withdrawal.pending_approval',
  approved: 'withdrawal.approved',
  processing: 'withdrawal.processing',
  uncertain: 'withdrawal.uncertain',
  success: 'withdrawal.succeeded',
  failed: 'withdrawal.failed',
  rejected: 'withdrawal.rejected',
  cancelled: 'withdrawal.cancelled',
};

/** A refund is a withdrawal of kind `refund`: its states, under their own names (docs/refunds.md). */
export const REFUND_EVENT_TYPES: Record<WithdrawalStatus, string> = {
  awaiting_destination: 'refund.awaiting_destination',
  verifying: 'refund.verifying',
  name_review: 'refund.name_review',
  awaiting_confirmation: 'refund.awaiting_confirmation',
  confirmed: 'refund.confirmed',
  pending_approval: 'refund.pending_approval',
  approved: 'refund.approved',
  processing: 'refund.processing',
  uncertain: 'refund.uncertain',
  success: 'refund.succeeded',
  failed: 'refund.failed',
  rejected: 'refund.rejected',
  cancelled: 'refund.cancelled',
};

/** The webhook type of each customer claim state. */
export const PAYMENT_CLAIM_EVENT_TYPES: Record<PaymentClaimStatus, string> = {
  open: 'payment_claim.opened',
  matched: 'payment_claim.matched',
  credited: 'payment_claim.credited',
  rejected: 'payment_claim.rejected',
};

/** A queued transfer an operator credited to a merchant by hand. */
export const MANUAL_CREDIT_EVENT_TYPE = 'deposit.manually_credited';

/** The test event a merchant sends its endpoint on demand. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** Every type an event may have, for the page's filter. */
export const WEBHOOK_EVENT_TYPE_NAMES = [
  ...new Set([
    ...Object.values(PAYMENT_SESSION_EVENT_TYPES),
    ...Object.values(WITHDRAWAL_EVENT_TYPES),
    ...Object.values(REFUND_EVENT_TYPES),
    ...Object.values(PAYMENT_CLAIM_EVENT_TYPES),
    MANUAL_CREDIT_EVENT_TYPE,
    WEBHOOK_TEST_EVENT_TYPE,
  ]),
];

/** What an endpoint may subscribe to: every event type but the test event, which is sent on demand. */
export const WEBHOOK_SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPE_NAMES.filter(
  (type) => type !== WEBHOOK_TEST_EVENT_TYPE,
) as [string, ...string[]];
