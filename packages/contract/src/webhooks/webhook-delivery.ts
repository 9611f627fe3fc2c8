import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { WEBHOOK_EVENT_STATUSES } from './webhook-names';

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
