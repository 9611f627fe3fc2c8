import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { callbackUrlSchema } from '../merchants/merchant';
import { PREVIOUS_SECRET_CHOICES } from './webhook-names';

/**
 * A merchant's own webhook endpoint (merchant console → Webhooks, issue 33): where its events go,
 * and its signing secret, rotated by the merchant. After a rotation the previous secret signs
 * beside the new one for WEBHOOK_PREVIOUS_SECRET_HOURS (two v1 signatures in one header), unless
 * the merchant expires it at once (a leaked secret).
 */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;

export const webhookEndpointSchema = z.object({
  callbackUrl: z.string().nullable(),
  /** Since when every delivery failed (null: the last one got through, or none was made). */
  failingSince: isoDateTimeSchema.nullable(),
  /** When Gerbang stopped sending after failures for days; setting the URL again turns it back on. */
  disabledAt: isoDateTimeSchema.nullable(),
  /** Until when the previous secret still signs (null: only the current one does). */
  previousSecretExpiresAt: isoDateTimeSchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const updateWebhookEndpointBodySchema = z.strictObject({ callbackUrl: callbackUrlSchema.nullable() });
export type UpdateWebhookEndpointBody = z.infer<typeof updateWebhookEndpointBodySchema>;

export const rotateWebhookEndpointSecretBodySchema = z.strictObject({
  previousSecret: z.enum(PREVIOUS_SECRET_CHOICES).default('keep_24_hours'),
});
export type RotateWebhookEndpointSecretBody = z.input<typeof rotateWebhookEndpointSecretBodySchema>;
/** The new secret, shown this once. */
export const rotatedWebhookSecretSchema = webhookEndpointSchema.extend({ webhookSecret: z.string() });
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>;
