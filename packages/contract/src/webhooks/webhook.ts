import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import type { PaymentSessionStatus } from '../payments/payment-session';
import type { WithdrawalStatus } from '../withdrawals/withdrawal';

/**
 * Webhooks: each change of a merchant's payment session is POSTed to its callback URL as JSON
 * `{ id, type, sequence, createdAt, data }` (data: the session as the merchant API returns it), signed:
 *
 *   Gerbang-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${raw body}` under the webhook secret>
 *
 * The receiver recomputes the HMAC over the raw body, compares in constant time, and refuses a
 * `t` more than five minutes old (replays). Any 2xx is success; anything else is retried with
 * backoff for more than a day. `id` is the same on every retry: receivers deduplicate by it.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'gerbang-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'gerbang-event-id';
/** How old a signature's timestamp may be before a receiver should refuse it. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

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

export const webhookEventSchema = z.object({
  id: idSchema,
  type: z.string(),
  /** The order events were written in: per subject, the order of its changes (docs/webhooks.md). */
  sequence: z.number().int(),
  createdAt: isoDateTimeSchema,
  data: z.record(z.string(), z.unknown()),
  /** false on test mode's events (a test twin's: docs/test-mode.md). */
  livemode: z.boolean(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
