// What the webhooks feature parses its answers with, after the page's first frame (./answers-loader).
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
