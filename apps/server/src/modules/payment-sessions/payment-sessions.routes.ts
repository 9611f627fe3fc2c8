import {
  createApiPaymentSession,
  createPaymentSessionBodySchema,
  exportPaymentSessions,
  exportPaymentSessionsQuerySchema,
  getApiPaymentSession,
  getPaymentSessionDetail,
  IDEMPOTENCY_KEY_HEADER,
  idempotentHeadersSchema,
  idParamsSchema,
  listApiPaymentSessions,
  listOperatorPaymentSessionsQuerySchema,
  listOperatorPaymentSessionsResponseSchema,
  listPaymentSessions,
  listPaymentSessionsQuerySchema,
  listPaymentSessionsResponseSchema,
  paymentSessionDetailSchema,
  paymentSessionSchema,
  simulateApiPaymentSession,
  simulatePaymentBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { createSessionExample, sessionExample, simulatePaymentExample, withExample } from '../../http/api-examples';
import { AppError } from '../../http/app-error';
import { merchantScopeOf } from '../../http/authenticate';
import { sendCsvExport } from '../../http/csv-export';
import { apiErrorResponses, BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { API_TOKEN_SECURITY, createApiTokenGuard, requireApiCaller } from '../api-tokens/api-token-guard';
import { consoleModeFilter } from '../test-mode/console-mode-filter';
import { paymentSessionsOf } from './payment-sessions';
import { paymentSessionsCsv } from './payment-sessions-export';

const tags = ['merchant-api'];
const security = API_TOKEN_SECURITY;

/**
 * The merchant API's payment sessions (`/v1`), scoped to the calling token's merchant, and the
 * consoles' list and detail (operators: every merchant's; a Merchant user: its own).
 */
export async function paymentSessionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guard = createApiTokenGuard(ctx);
  const { service, detail, repo, testPayments } = paymentSessionsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: createApiPaymentSession.method,
    url: createApiPaymentSession.path,
    schema: {
      tags,
      security,
      summary:
        'Open a payment session (scope payments:write). Idempotency-Key is required: the same key and body replay the first answer; another body is 422; a key still running is 409.',
      headers: idempotentHeadersSchema,
      body: withExample(createPaymentSessionBodySchema, createSessionExample),
      response: {
        201: withExample(paymentSessionSchema, sessionExample),
        ...apiErrorResponses({ 409: ['CONFLICT', 'MERCHANT_SUSPENDED', 'NO_ACCOUNT_AVAILABLE', 'INVALID_STATE'] }),
      },
    },
    onRequest: guard('payments:write'),
    handler: async (request, reply) => {
      const caller = requireApiCaller(request);
      const answer = await service.create(
        {
          merchantId: caller.merchantId,
          merchant: caller.merchant,
          tokenId: caller.tokenId,
          route: 'POST /v1/payment-sessions',
          caller: 'merchant_api',
        },
        request.headers[IDEMPOTENCY_KEY_HEADER],
        request.body,
      );
      return reply.status(answer.status as 201).send(answer.body);
    },
  });

  api.route({
    method: simulateApiPaymentSession.method,
    url: simulateApiPaymentSession.path,
    schema: {
      tags,
      security,
      summary:
        "Test mode: the test provider pays (or not) one of the merchant's test sessions (a test token, scope payments:write): paid, paid_late, wrong_amount, failed. A live token gets 403 FORBIDDEN",
      params: idParamsSchema,
      body: withExample(simulatePaymentBodySchema, simulatePaymentExample),
      response: {
        200: withExample(paymentSessionSchema, sessionExample),
        ...apiErrorResponses({ 403: ['FORBIDDEN'], 404: ['NOT_FOUND'], 409: ['INVALID_STATE'] }),
      },
    },
    onRequest: guard('payments:write'),
    handler: async (request) => {
      const caller = requireApiCaller(request);
      if (!caller.merchant.liveMerchantId) {
        throw new AppError('FORBIDDEN', 'Simulated payments take a test token (gbk_test_…)');
      }
      const session = await testPayments.simulate(request.params.id, request.body.outcome, caller.merchantId);
      return service.view(session);
    },
  });

  api.route({
    method: getApiPaymentSession.method,
    url: getApiPaymentSession.path,
    schema: {
      tags,
      security,
      summary: 'One payment session of the merchant (scope payments:read)',
      params: idParamsSchema,
      response: {
        200: withExample(paymentSessionSchema, sessionExample),
        ...apiErrorResponses({ 404: ['NOT_FOUND'] }),
      },
    },
    onRequest: guard('payments:read'),
    handler: (request) => service.get(requireApiCaller(request).merchantId, request.params.id),
  });

  api.route({
    method: listApiPaymentSessions.method,
    url: listApiPaymentSessions.path,
    schema: {
      tags,
      security,
      summary: "The merchant's payment sessions, newest first (status, reference, method filters; keyset cursor)",
      querystring: listPaymentSessionsQuerySchema,
      response: {
        200: withExample(listPaymentSessionsResponseSchema, { items: [sessionExample], nextCursor: null }),
        ...apiErrorResponses(),
      },
    },
    onRequest: guard('payments:read'),
    handler: (request) => {
      const { limit, cursor, ...filter } = request.query;
      return service.list({ ...filter, merchantId: requireApiCaller(request).merchantId }, { limit, cursor });
    },
  });

  api.route({
    method: listPaymentSessions.method,
    url: listPaymentSessions.path,
    schema: {
      tags: ['payment-sessions'],
      security: BEARER_SECURITY,
      summary: "Every merchant's payment sessions, newest first (status, merchant, method, reference; keyset cursor)",
      querystring: listOperatorPaymentSessionsQuerySchema,
      response: { 200: listOperatorPaymentSessionsResponseSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactionSessions', 'view'),
    handler: async (request) => {
      const { limit, cursor, ...filter } = request.query;
      return service.listForOperators(await consoleModeFilter(ctx, request, filter), { limit, cursor });
    },
  });

  api.route({
    method: exportPaymentSessions.method,
    url: exportPaymentSessions.path,
    schema: {
      tags: ['payment-sessions'],
      security: BEARER_SECURITY,
      summary: 'The filtered sessions as CSV (text/csv, every matching row, newest first), streamed a page at a time',
      querystring: exportPaymentSessionsQuerySchema,
      // A stream, which Fastify sends as it comes (no serializer runs on it).
      response: { 200: z.any().describe('CSV (text/csv), one line per session'), ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactionSessions', 'view'),
    handler: async (request, reply) => {
      return sendCsvExport(
        reply,
        'payment-sessions',
        paymentSessionsCsv(repo, await consoleModeFilter(ctx, request, request.query)),
      );
    },
  });

  api.route({
    method: getPaymentSessionDetail.method,
    url: getPaymentSessionDetail.path,
    schema: {
      tags: ['payment-sessions'],
      security: BEARER_SECURITY,
      summary: 'One payment session with its timeline, webhook events (every attempt) and ledger journals',
      params: idParamsSchema,
      response: { 200: paymentSessionDetailSchema, ...errorResponses(401, 403, 404, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactionSessions', 'view'),
    handler: (request) => detail.get(request.params.id, merchantScopeOf(request)),
  });
}
