import {
  getWebhookEndpoint,
  rotatedWebhookSecretSchema,
  rotateWebhookEndpointSecret,
  rotateWebhookEndpointSecretBodySchema,
  updateWebhookEndpoint,
  updateWebhookEndpointBodySchema,
  webhookEndpointSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestActor, requestMerchantId } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { merchantsServiceOf } from '../merchants/merchants';

const tags = ['webhooks'];
const security = BEARER_SECURITY;

/**
 * A merchant's own webhook endpoint (merchant console → Webhooks): its callback URL, checked as an
 * operator's is (never inside the operator's network), and its signing secret, rotated with the
 * previous one signing for a day beside it or stopped at once. Owners and developers; audited.
 */
export async function webhookEndpointRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const merchants = merchantsServiceOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: getWebhookEndpoint.method,
    url: getWebhookEndpoint.path,
    schema: {
      tags,
      security,
      summary: 'The merchant’s callback URL, and until when its previous secret still signs',
      response: { 200: webhookEndpointSchema, ...errorResponses(401, 403) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'update'),
    handler: (request) => merchants.webhookEndpoint(requestMerchantId(request)),
  });

  api.route({
    method: updateWebhookEndpoint.method,
    url: updateWebhookEndpoint.path,
    schema: {
      tags,
      security,
      summary:
        'Set (or clear, null) where the merchant’s webhooks go; a URL inside the operator’s network is refused (audited)',
      body: updateWebhookEndpointBodySchema,
      response: { 200: webhookEndpointSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'update'),
    handler: async (request) => {
      const merchantId = requestMerchantId(request);
      await merchants.update(requestActor(request), merchantId, { callbackUrl: request.body.callbackUrl });
      return merchants.webhookEndpoint(merchantId);
    },
  });

  api.route({
    method: rotateWebhookEndpointSecret.method,
    url: rotateWebhookEndpointSecret.path,
    schema: {
      tags,
      security,
      summary:
        'A new signing secret, shown this once; the previous one signs beside it for 24 hours (keep_24_hours) or stops now (expire_now). Needs a fresh second factor (audited)',
      body: rotateWebhookEndpointSecretBodySchema,
      response: { 200: rotatedWebhookSecretSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'update', { stepUp: true }),
    handler: (request) =>
      merchants.rotateWebhookSecret(requestActor(request), requestMerchantId(request), request.body.previousSecret),
  });
}
