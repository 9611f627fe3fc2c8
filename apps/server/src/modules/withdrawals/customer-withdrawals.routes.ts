import {
  apiWithdrawalSchema,
  cancelApiWithdrawal,
  cancelWithdraw,
  confirmWithdraw,
  createApiWithdrawal,
  createWithdrawalBodySchema,
  emptyBodySchema,
  getApiWithdrawal,
  getWithdraw,
  giveWithdrawDestination,
  giveWithdrawDestinationBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotentHeadersSchema,
  idParamsSchema,
  listApiWithdrawals,
  listApiWithdrawalsQuerySchema,
  listApiWithdrawalsResponseSchema,
  simulateApiWithdrawal,
  simulatePayoutBodySchema,
  simulateWithdrawPayout,
  verifyWithdraw,
  withdrawViewSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import {
  createWithdrawalExample,
  simulatePayoutExample,
  withdrawalExample,
  withExample,
} from '../../http/api-examples';
import { AppError } from '../../http/app-error';
import { apiErrorResponses, errorResponses } from '../../http/route-schemas';
import { API_TOKEN_SECURITY, createApiTokenGuard, requireApiCaller } from '../api-tokens/api-token-guard';
import { withdrawalsOf } from './withdrawals';

/**
 * Customer withdrawals: the merchant API (`/v1/withdrawals`, the calling token's merchant only) and
 * the public `/withdraw` page's calls (keyed by the withdrawal id its link carries).
 */
export async function customerWithdrawalsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guard = createApiTokenGuard(ctx);
  const { customers, testPayouts } = withdrawalsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const merchantApi = { tags: ['merchant-api'], security: API_TOKEN_SECURITY };
  const page = { tags: ['customer-pages'] };

  api.route({
    method: createApiWithdrawal.method,
    url: createApiWithdrawal.path,
    schema: {
      ...merchantApi,
      summary:
        'Pay a customer (scope withdrawals:write): the amount and fee are held at once (422 INSUFFICIENT_BALANCE when not covered); the customer confirms on withdrawUrl. Idempotency-Key as for payment sessions.',
      headers: idempotentHeadersSchema,
      body: withExample(createWithdrawalBodySchema, createWithdrawalExample),
      response: {
        201: withExample(apiWithdrawalSchema, withdrawalExample),
        ...apiErrorResponses({
          409: ['CONFLICT', 'MERCHANT_SUSPENDED', 'INVALID_STATE'],
          422: ['INSUFFICIENT_BALANCE'],
        }),
      },
    },
    onRequest: guard('withdrawals:write'),
    handler: async (request, reply) => {
      const caller = requireApiCaller(request);
      const answer = await customers.create(
        { merchantId: caller.merchantId, tokenId: caller.tokenId },
        request.headers[IDEMPOTENCY_KEY_HEADER],
        request.body,
      );
      return reply.status(answer.status as 201).send(answer.body);
    },
  });

  api.route({
    method: getApiWithdrawal.method,
    url: getApiWithdrawal.path,
    schema: {
      ...merchantApi,
      summary: 'One customer withdrawal of the merchant (scope withdrawals:read)',
      params: idParamsSchema,
      response: {
        200: withExample(apiWithdrawalSchema, withdrawalExample),
        ...apiErrorResponses({ 404: ['NOT_FOUND'] }),
      },
    },
    onRequest: guard('withdrawals:read'),
    handler: (request) => customers.get(requireApiCaller(request).merchantId, request.params.id),
  });

  api.route({
    method: listApiWithdrawals.method,
    url: listApiWithdrawals.path,
    schema: {
      ...merchantApi,
      summary: "The merchant's customer withdrawals, newest first (status filter; keyset cursor)",
      querystring: listApiWithdrawalsQuerySchema,
      response: {
        200: withExample(listApiWithdrawalsResponseSchema, { items: [withdrawalExample], nextCursor: null }),
        ...apiErrorResponses(),
      },
    },
    onRequest: guard('withdrawals:read'),
    handler: (request) => customers.list(requireApiCaller(request).merchantId, request.query),
  });

  api.route({
    method: cancelApiWithdrawal.method,
    url: cancelApiWithdrawal.path,
    schema: {
      ...merchantApi,
      summary: 'Cancel a customer withdrawal before it is sent (scope withdrawals:write); the hold is released',
      params: idParamsSchema,
      body: emptyBodySchema.nullish(),
      response: {
        200: withExample(apiWithdrawalSchema, { ...withdrawalExample, status: 'cancelled' }),
        ...apiErrorResponses({ 404: ['NOT_FOUND'], 409: ['INVALID_STATE'] }),
      },
    },
    onRequest: guard('withdrawals:write'),
    handler: async (request) => {
      const { merchantId } = requireApiCaller(request);
      return customers.api(await customers.cancel(request.params.id, 'merchant', merchantId));
    },
  });

  api.route({
    method: simulateApiWithdrawal.method,
    url: simulateApiWithdrawal.path,
    schema: {
      ...merchantApi,
      summary:
        "Test mode: the test provider ends the transfer of one of the merchant's test withdrawals (customer withdrawals, refunds, settlements) once it is sent (a test token, scope withdrawals:write): paid, paid_late, uncertain, failed. A live token gets 403 FORBIDDEN",
      params: idParamsSchema,
      body: withExample(simulatePayoutBodySchema, simulatePayoutExample),
      response: {
        200: withExample(apiWithdrawalSchema, withdrawalExample),
        ...apiErrorResponses({ 403: ['FORBIDDEN'], 404: ['NOT_FOUND'], 409: ['INVALID_STATE'] }),
      },
    },
    onRequest: guard('withdrawals:write'),
    handler: async (request) => {
      const caller = requireApiCaller(request);
      if (!caller.merchant.liveMerchantId) {
        throw new AppError('FORBIDDEN', 'Simulated payouts take a test token (gbk_test_…)');
      }
      return customers.api(await testPayouts.simulate(request.params.id, request.body.outcome, caller.merchantId));
    },
  });

  api.route({
    method: simulateWithdrawPayout.method,
    url: simulateWithdrawPayout.path,
    schema: {
      ...page,
      summary:
        "Test mode's provider ends a test withdrawal's transfer once the customer confirmed it: paid, paid late, uncertain, failed (403 FORBIDDEN on a live withdrawal)",
      params: idParamsSchema,
      body: simulatePayoutBodySchema,
      response: { 200: withdrawViewSchema, ...errorResponses(403, 404, 409, 422) },
    },
    handler: async (request) => {
      // The page's withdrawals only (a customer's, or a refund whose customer names the account).
      await customers.view(request.params.id);
      await testPayouts.simulate(request.params.id, request.body.outcome);
      return customers.view(request.params.id);
    },
  });

  api.route({
    method: getWithdraw.method,
    url: getWithdraw.path,
    schema: {
      ...page,
      summary:
        'What the withdraw page shows: amount, destination, state, the confirmation deadline and the server time',
      params: idParamsSchema,
      response: { 200: withdrawViewSchema, ...errorResponses(404, 422) },
    },
    handler: (request) => customers.view(request.params.id),
  });

  api.route({
    method: giveWithdrawDestination.method,
    url: giveWithdrawDestination.path,
    schema: {
      ...page,
      summary: "A refund's customer names the account it goes to (its payment named none); a phone then verifies it",
      params: idParamsSchema,
      body: giveWithdrawDestinationBodySchema,
      response: { 200: withdrawViewSchema, ...errorResponses(404, 409, 422) },
    },
    handler: async (request) => {
      await customers.giveDestination(request.params.id, request.body);
      return customers.view(request.params.id);
    },
  });

  for (const [endpoint, summary, run] of [
    [verifyWithdraw, 'Verify the destination again (after a timeout)', (id: string) => customers.verifyAgain(id)],
    [
      confirmWithdraw,
      'The customer confirms the verified destination: the money is sent',
      (id: string) => customers.confirm(id),
    ],
    [
      cancelWithdraw,
      'The customer cancels before the money is sent',
      async (id: string) => void (await customers.cancel(id, 'customer')),
    ],
  ] as const) {
    api.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        ...page,
        summary,
        params: idParamsSchema,
        body: emptyBodySchema.nullish(),
        response: { 200: withdrawViewSchema, ...errorResponses(404, 409, 422) },
      },
      handler: async (request) => {
        await run(request.params.id);
        return customers.view(request.params.id);
      },
    });
  }
}
