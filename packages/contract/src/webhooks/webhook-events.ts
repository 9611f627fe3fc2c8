import { z } from 'zod';
import { createdRangeIsOrdered, idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { webhookDeliveryAttemptSchema } from './webhook-delivery';
import { WEBHOOK_EVENT_TYPE_NAMES } from './webhook-event-types';
import { WEBHOOK_EVENT_STATUSES } from './webhook-names';

// A merchant's webhooks, self-service (issue 33): every event Gerbang sent or is sending it
// (sessions, withdrawals, refunds, claims, test events) with each attempt, a resend, and a test
// event on demand. A merchant reads its own; an operator names the merchant.

/** Test events a merchant may send a minute (they reach its own endpoint, but each is a row and a request). */
export const WEBHOOK_TEST_EVENTS_PER_MINUTE = 10;

/** One event as the list shows it: its state and how its last attempt ended. */
export const webhookEventListItemSchema = z.object({
  id: idSchema,
  type: z.string(),
  /** The session, withdrawal, refund or claim it is about (a test event's own id). */
  subjectId: idSchema,
  /** Which endpoint it goes to: null is the main one (the callback URL), else one of /webhook-endpoints. */
  endpointId: idSchema.nullable(),
  status: z.enum(WEBHOOK_EVENT_STATUSES),
  attempts: z.number().int(),
  /** The last attempt's HTTP status (null: none yet, or no answer). */
  lastStatusCode: z.number().int().nullable(),
  /** Why the last attempt failed: the receiver's answer (its first 200 characters) or the error. */
  lastError: z.string().nullable(),
  nextAttemptAt: isoDateTimeSchema.nullable(),
  deliveredAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type WebhookEventListItem = z.infer<typeof webhookEventListItemSchema>;

/** One event with the exact body sent and every attempt (with the URL it went to). */
export const webhookEventDetailSchema = webhookEventListItemSchema.extend({
  body: z.record(z.string(), z.unknown()),
  deliveries: z.array(webhookDeliveryAttemptSchema.extend({ url: z.string() })),
});
export type WebhookEventDetail = z.infer<typeof webhookEventDetailSchema>;

export const listWebhookEventsQuerySchema = pageQuerySchema
  .extend({
    merchantId: idSchema.optional(),
    type: z.enum(WEBHOOK_EVENT_TYPE_NAMES as [string, ...string[]]).optional(),
    status: z.enum(WEBHOOK_EVENT_STATUSES).optional(),
    subjectId: idSchema.optional(),
    /** `main` (the callback URL) or an endpoint's id. */
    endpoint: z.union([z.literal('main'), idSchema]).optional(),
    createdFrom: isoDateTimeSchema.optional(),
    createdTo: isoDateTimeSchema.optional(),
  })
  .refine(...createdRangeIsOrdered);
export type ListWebhookEventsQuery = z.input<typeof listWebhookEventsQuerySchema>;
export const listWebhookEventsResponseSchema = pageSchema(webhookEventListItemSchema);

/** No body (or null) is the main endpoint. */
export const sendTestWebhookEventBodySchema = z.strictObject({ endpointId: idSchema.optional() }).nullish();
export type SendTestWebhookEventBody = z.input<typeof sendTestWebhookEventBodySchema>;
