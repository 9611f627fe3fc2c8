import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';

/** What the consoles show of the webhook events of a session, a withdrawal or a refund. */
export const WEBHOOK_EVENT_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;

/** One attempt to deliver a webhook event: what the receiver answered, or what failed. */
export const webhookDeliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  at: isoDateTimeSchema,
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const webhookEventSummarySchema = z.object({
  id: idSchema,
  /** A further endpoint it went to (null: the merchant's callback URL). */
  endpointId: idSchema.nullable(),
  type: z.string(),
  status: z.enum(WEBHOOK_EVENT_STATUSES),
  attempts: z.number().int(),
  /** When the next attempt is due (pending events only). */
  nextAttemptAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  deliveries: z.array(webhookDeliveryAttemptSchema),
});
export type WebhookEventSummary = z.infer<typeof webhookEventSummarySchema>;

/**
 * Why an event was kept, not sent (its `lastError` when `skipped`): the consoles show each in the
 * reader's language.
 */
export const WEBHOOK_NOT_SENT = {
  noCallbackUrl: 'The merchant has no callback URL',
  disabled: 'Not sent: webhooks to this endpoint were disabled after failing for days (set the URL again to resume)',
  removed: 'Not sent: the merchant removed this endpoint',
} as const;
