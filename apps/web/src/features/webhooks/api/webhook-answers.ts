// What the webhooks page parses its answers with, after its first frame (lib/parsed-after-first-frame.ts).
import '../../../lib/zod-config';

export {
  createdWebhookEndpointSchema,
  listWebhookEndpointsResponseSchema,
  listWebhookEventsResponseSchema,
  rotatedWebhookEndpointSecretSchema,
  rotatedWebhookSecretSchema,
  webhookEndpointItemSchema,
  webhookEndpointSchema,
  webhookEventDetailSchema,
} from '@gerbang/contract';
