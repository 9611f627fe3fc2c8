import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';

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
