import {
  getWebhookEvent,
  idParamsSchema,
  listWebhookEvents,
  listWebhookEventsQuerySchema,
  listWebhookEventsResponseSchema,
  noContentSchema,
  resendWebhookEvent,
  sendTestWebhookEvent,
  sendTestWebhookEventBodySchema,
  WEBHOOK_TEST_EVENTS_PER_MINUTE,
  webhookEventDetailSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { merchantScopeOf, requestActor, requestMerchantId } from '../../http/authenticate';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import { createRateLimiter } from '../../http/rate-limit';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createWebhookEventsRepository } from './webhook-events.repository';
import { writeTestEvent } from './webhook-test-event';
import { webhooksOf } from './webhooks';

const tags = ['webhooks'];
const security = BEARER_SECURITY;

/**
 * A merchant's webhook events (merchant console → Webhooks; operators name the merchant): the list
 * and one event with its attempts, a resend, and a test event to the merchant's own endpoint.
 */
export async function webhooksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const delivery = webhooksOf(ctx);
  const events = createWebhookEventsRepository(ctx.db);
  const testEvents = createRateLimiter({
    limit: WEBHOOK_TEST_EVENTS_PER_MINUTE,
    windowMs: 60_000,
    redisUrl: ctx.config.REDIS_URL,
    prefix: 'gerbang:webhook-test',
    logger: ctx.logger,
  });
  app.addHook('onClose', async () => testEvents.close());
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listWebhookEvents.method,
    url: listWebhookEvents.path,
    schema: {
      tags,
      security,
      summary:
        'A merchant’s webhook events, newest first (type, status, subject, time range; keyset cursor), each with how its last attempt ended. Operators name the merchant.',
      querystring: listWebhookEventsQuerySchema,
      response: { 200: listWebhookEventsResponseSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'view'),
    handler: async (request) => {
      const { limit, cursor, merchantId, ...filter } = request.query;
      const scope = merchantScopeOf(request) ?? merchantId;
      if (!scope) throw invalidFields({ 'querystring.merchantId': 'Choose the merchant whose webhooks to read' });
      return toPage(await events.page({ ...filter, merchantId: scope }, limit, decodeKeysetCursor(cursor)), limit);
    },
  });

  api.route({
    method: getWebhookEvent.method,
    url: getWebhookEvent.path,
    schema: {
      tags,
      security,
      summary: 'One webhook event: the exact body sent and every attempt (URL, status, duration, error)',
      params: idParamsSchema,
      response: { 200: webhookEventDetailSchema, ...errorResponses(401, 403, 404, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'view'),
    handler: async (request) => {
      const event = await events.find(request.params.id, merchantScopeOf(request));
      if (!event) throw notFound('Webhook event');
      return event;
    },
  });

  api.route({
    method: sendTestWebhookEvent.method,
    url: sendTestWebhookEvent.path,
    schema: {
      tags,
      security,
      summary: `Send a webhook.test event now to the merchant’s callback URL, or to one of its further endpoints (audited; ${WEBHOOK_TEST_EVENTS_PER_MINUTE} a minute)`,
      body: sendTestWebhookEventBodySchema,
      response: { 201: webhookEventDetailSchema, ...errorResponses(401, 403, 404, 422, 429) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'create'),
    handler: async (request, reply) => {
      const merchantId = requestMerchantId(request);
      const decision = await testEvents.take(merchantId);
      if (!decision.allowed) {
        throw new AppError(
          'RATE_LIMITED',
          `At most ${WEBHOOK_TEST_EVENTS_PER_MINUTE} test events a minute; retry after ${decision.retryAfterSeconds} s`,
          { headers: { 'retry-after': String(decision.retryAfterSeconds) } },
        );
      }
      const id = await writeTestEvent(ctx.db, requestActor(request), merchantId, request.body?.endpointId ?? null);
      void delivery.kick();
      const written = await events.find(id, merchantId);
      if (!written) throw notFound('Webhook event');
      return reply.status(201).send(written);
    },
  });

  api.route({
    method: resendWebhookEvent.method,
    url: resendWebhookEvent.path,
    schema: {
      tags,
      security,
      summary: 'Deliver a webhook event again now (audited); 409 while a delivery of it is under way',
      params: idParamsSchema,
      response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    preHandler: ctx.auth.requirePermission('webhooks', 'operate'),
    handler: async (request, reply) => {
      await delivery.resend(requestActor(request), request.params.id, merchantScopeOf(request));
      return reply.status(204).send(null);
    },
  });
}
