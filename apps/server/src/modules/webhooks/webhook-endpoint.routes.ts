import {
  createdWebhookEndpointSchema,
  createWebhookEndpoint,
  createWebhookEndpointBodySchema,
  getWebhookEndpoint,
  idParamsSchema,
  listWebhookEndpoints,
  listWebhookEndpointsResponseSchema,
  noContentSchema,
  removeWebhookEndpoint,
  rotatedWebhookEndpointSecretSchema,
  rotatedWebhookSecretSchema,
  rotateWebhookEndpointSecret,
  rotateWebhookEndpointSecretBodySchema,
  rotateWebhookEndpointSecretById,
  updateWebhookEndpoint,
  updateWebhookEndpointBodySchema,
  updateWebhookEndpointById,
  updateWebhookEndpointByIdBodySchema,
  webhookEndpointItemSchema,
  webhookEndpointSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { createSecretBox } from '../../crypto/secret-box';
import { invalidFields } from '../../http/app-error';
import { merchantScopeOf, requestActor, requestMerchantId } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { merchantsServiceOf } from '../merchants/merchants';
import { createWebhookEndpointsService } from './webhook-endpoints.service';

const tags = ['webhooks'];
const security = BEARER_SECURITY;

/**
 * A merchant's own webhook endpoints (merchant console → Webhooks): its main one, the callback URL,
 * checked as an operator's is (never inside the operator's network), and its signing secret, rotated
 * with the previous one signing for a day beside it or stopped at once; and its further endpoints,
 * each with the event types it subscribes to and a secret of its own. Owners and developers change
 * them (audited); operators read a merchant's further endpoints by naming it.
 */
export async function webhookEndpointRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const merchants = merchantsServiceOf(ctx);
  const endpoints = createWebhookEndpointsService({
    db: ctx.db,
    secretBox: createSecretBox(ctx.config.ENCRYPTION_KEYS),
    allowPrivateCallbacks: ctx.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  });
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

  api.route({
    method: listWebhookEndpoints.method,
    url: listWebhookEndpoints.path,
    schema: {
      tags,
      security,
      summary:
        'A merchant’s further webhook endpoints (beside its callback URL), oldest first; operators name the merchant',
      querystring: z.strictObject({ merchantId: idParamsSchema.shape.id.optional() }),
      response: { 200: listWebhookEndpointsResponseSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'view'),
    handler: async (request) => {
      const scope = merchantScopeOf(request) ?? request.query.merchantId;
      if (!scope) throw invalidFields({ 'querystring.merchantId': 'Choose the merchant whose endpoints to read' });
      return { items: await endpoints.list(scope) };
    },
  });

  api.route({
    method: createWebhookEndpoint.method,
    url: createWebhookEndpoint.path,
    schema: {
      tags,
      security,
      summary:
        'Add an endpoint for the event types it subscribes to; its signing secret is in this answer only. A URL inside the operator’s network is refused. Needs a fresh second factor: a new endpoint receives the merchant’s events (audited)',
      body: createWebhookEndpointBodySchema,
      response: { 201: createdWebhookEndpointSchema, ...errorResponses(401, 403, 409, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'update', { stepUp: true }),
    handler: async (request, reply) =>
      reply.status(201).send(await endpoints.create(requestActor(request), requestMerchantId(request), request.body)),
  });

  api.route({
    method: updateWebhookEndpointById.method,
    url: updateWebhookEndpointById.path,
    schema: {
      tags,
      security,
      summary:
        'Change an endpoint’s URL, event types or description; saving its URL turns a disabled one back on. A new URL needs a fresh second factor (audited)',
      params: idParamsSchema,
      body: updateWebhookEndpointByIdBodySchema,
      response: { 200: webhookEndpointItemSchema, ...errorResponses(401, 403, 404, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'update'),
    handler: async (request, reply) => {
      const merchantId = requestMerchantId(request);
      // Where the merchant's events go is as sensitive as a new endpoint: a new URL asks for step-up.
      const { url } = request.body;
      if (url !== undefined && (await endpoints.changesUrl(merchantId, request.params.id, url))) {
        await ctx.auth.stepUp.call(app, request, reply);
      }
      return endpoints.update(requestActor(request), merchantId, request.params.id, request.body);
    },
  });

  api.route({
    method: removeWebhookEndpoint.method,
    url: removeWebhookEndpoint.path,
    schema: {
      tags,
      security,
      summary: 'Remove an endpoint: it receives nothing more, its waiting deliveries are kept as not sent (audited)',
      params: idParamsSchema,
      response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'update'),
    handler: async (request, reply) => {
      await endpoints.remove(requestActor(request), requestMerchantId(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  api.route({
    method: rotateWebhookEndpointSecretById.method,
    url: rotateWebhookEndpointSecretById.path,
    schema: {
      tags,
      security,
      summary:
        'A new signing secret for an endpoint, shown this once; the previous one signs beside it for 24 hours (keep_24_hours) or stops now (expire_now). Needs a fresh second factor (audited)',
      params: idParamsSchema,
      body: rotateWebhookEndpointSecretBodySchema,
      response: { 200: rotatedWebhookEndpointSecretSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'update', { stepUp: true }),
    handler: (request) =>
      endpoints.rotateSecret(
        requestActor(request),
        requestMerchantId(request),
        request.params.id,
        request.body.previousSecret,
      ),
  });
}
