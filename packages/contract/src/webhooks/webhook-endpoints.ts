import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { callbackUrlSchema } from '../merchants/merchant';
import { WEBHOOK_SUBSCRIBABLE_EVENT_TYPES } from './webhook-event-types';

// A merchant's further webhook endpoints (issue 33), beside its main one (the callback URL, which
// receives every event): each receives the event types it subscribes to, signed with a secret of
// its own (shown once, rotated as the main one's), and fails, is disabled and resumes on its own.
// A removed endpoint receives nothing more; its deliveries stay listed.

export const webhookEventTypesSchema = z
  .array(z.enum(WEBHOOK_SUBSCRIBABLE_EVENT_TYPES))
  .min(1, 'Choose at least one event type')
  .max(WEBHOOK_SUBSCRIBABLE_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'Each event type once');

export const webhookEndpointItemSchema = z.object({
  id: idSchema,
  url: z.string(),
  /** The merchant's own words for it ("ERP", "staging"). */
  description: z.string().nullable(),
  eventTypes: z.array(z.string()),
  /** Since when every delivery failed (null: the last one got through, or none was made). */
  failingSince: isoDateTimeSchema.nullable(),
  /** When Gerbang stopped sending after failures for days; saving the URL again turns it back on. */
  disabledAt: isoDateTimeSchema.nullable(),
  /** Until when the previous secret still signs (null: only the current one does). */
  previousSecretExpiresAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type WebhookEndpointItem = z.infer<typeof webhookEndpointItemSchema>;

export const listWebhookEndpointsResponseSchema = z.object({ items: z.array(webhookEndpointItemSchema) });

const descriptionSchema = z.string().trim().max(100).nullable();

export const createWebhookEndpointBodySchema = z.strictObject({
  url: callbackUrlSchema,
  eventTypes: webhookEventTypesSchema,
  description: descriptionSchema.optional(),
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBodySchema>;
/** The endpoint with its signing secret, shown this once. */
export const createdWebhookEndpointSchema = webhookEndpointItemSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** Saving the URL (even unchanged) turns a disabled endpoint back on. */
export const updateWebhookEndpointByIdBodySchema = z
  .strictObject({
    url: callbackUrlSchema.optional(),
    eventTypes: webhookEventTypesSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');
export type UpdateWebhookEndpointByIdBody = z.input<typeof updateWebhookEndpointByIdBodySchema>;

/** The endpoint with its new secret, shown this once (the body is the main endpoint's rotation's). */
export const rotatedWebhookEndpointSecretSchema = webhookEndpointItemSchema.extend({ secret: z.string() });
