import { z } from 'zod';
import { createdRangeIsOrdered, idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';
import { MANUAL_CREDIT_EVENT_TYPE } from '../payments/deposit-transfer';
import { PAYMENT_CLAIM_EVENT_TYPES } from '../payments/payment-claim';
import { PAYMENT_SESSION_EVENT_TYPES, REFUND_EVENT_TYPES, WITHDRAWAL_EVENT_TYPES } from './webhook';
import { WEBHOOK_EVENT_STATUSES, webhookDeliveryAttemptSchema } from './webhook-delivery';

/**
 * A merchant's webhooks, self-service (issue 33): every event Gerbang sent or is sending it
 * (sessions, withdrawals, refunds, claims, test events) with each attempt, a resend, and a test
 * event on demand. A merchant reads its own; an operator names the merchant.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
/** Test events a merchant may send a minute (they reach its own endpoint, but each is a row and a request). */
export const WEBHOOK_TEST_EVENTS_PER_MINUTE = 10;

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

export const listWebhookEvents = { method: 'GET', path: '/webhook-events' } as const;
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

export const getWebhookEvent = { method: 'GET', path: '/webhook-events/:id' } as const;

/**
 * Sends a `webhook.test` event now, through the outbox like any other: to the merchant's callback
 * URL, or to one of its further endpoints.
 */
export const sendTestWebhookEvent = { method: 'POST', path: '/webhook-events/test' } as const;
/** No body (or null) is the main endpoint. */
export const sendTestWebhookEventBodySchema = z.strictObject({ endpointId: idSchema.optional() }).nullish();
export type SendTestWebhookEventBody = z.input<typeof sendTestWebhookEventBodySchema>;
