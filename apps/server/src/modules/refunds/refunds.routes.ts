import {
  createApiRefund,
  createRefundBodySchema,
  createSessionRefund,
  IDEMPOTENCY_KEY_HEADER,
  idempotentHeadersSchema,
  idParamsSchema,
  listApiRefunds,
  refundSchema,
  teamApprovalSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { createRefundExample, refundExample, withExample } from '../../http/api-examples';
import { merchantScopeOf, requireAuth } from '../../http/authenticate';
import { apiErrorResponses, BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { API_TOKEN_SECURITY, createApiTokenGuard, requireApiCaller } from '../api-tokens/api-token-guard';
import { teamApprovalActorOf, teamApprovalsOf } from '../merchant-team/team-approvals';
import { withdrawalsOf } from '../withdrawals/withdrawals';

const CREATE_SUMMARY =
  'Refund a paid session, fully (no amount) or in part, to the account its transfer came from: the amount and the withdrawal fee are held at once (422 INSUFFICIENT_BALANCE), refunds never exceed what the session received (422 REFUND_EXCEEDS_PAYMENT), when the transfer names no account, the answer’s withdrawUrl is the page where the customer names one. Idempotency-Key as for payment sessions.';

/** Refunds: the merchant API (`/v1/payment-sessions/:id/refunds`) and the merchant console's Refund. */
export async function refundsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guard = createApiTokenGuard(ctx);
  const { refunds } = withdrawalsOf(ctx);
  const approvals = teamApprovalsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: createApiRefund.method,
    url: createApiRefund.path,
    schema: {
      tags: ['merchant-api'],
      security: API_TOKEN_SECURITY,
      summary: `${CREATE_SUMMARY} Scope refunds:write.`,
      params: idParamsSchema,
      headers: idempotentHeadersSchema,
      body: withExample(createRefundBodySchema, createRefundExample),
      response: {
        201: withExample(refundSchema, refundExample),
        ...apiErrorResponses({
          404: ['NOT_FOUND'],
          409: ['CONFLICT', 'INVALID_STATE'],
          422: ['INSUFFICIENT_BALANCE', 'REFUND_EXCEEDS_PAYMENT'],
        }),
      },
    },
    onRequest: guard('refunds:write'),
    handler: async (request, reply) => {
      const caller = requireApiCaller(request);
      const answer = await refunds.create(
        { merchantId: caller.merchantId, caller: 'merchant_api', tokenId: caller.tokenId },
        request.params.id,
        request.headers[IDEMPOTENCY_KEY_HEADER],
        request.body,
      );
      return reply.status(answer.status as 201).send(answer.body);
    },
  });

  api.route({
    method: listApiRefunds.method,
    url: listApiRefunds.path,
    schema: {
      tags: ['merchant-api'],
      security: API_TOKEN_SECURITY,
      summary: "A session's refunds, newest first (scope payments:read)",
      params: idParamsSchema,
      response: {
        200: withExample(z.array(refundSchema), [refundExample]),
        ...apiErrorResponses({ 404: ['NOT_FOUND'] }),
      },
    },
    onRequest: guard('payments:read'),
    handler: (request) => refunds.list(requireApiCaller(request).merchantId, request.params.id),
  });

  api.route({
    method: createSessionRefund.method,
    url: createSessionRefund.path,
    schema: {
      tags: ['payment-sessions'],
      security: BEARER_SECURITY,
      summary: `${CREATE_SUMMARY} Merchant users (owner, finance: refunds create), with a fresh second factor.`,
      params: idParamsSchema,
      headers: idempotentHeadersSchema,
      body: createRefundBodySchema,
      response: { 201: refundSchema, 202: teamApprovalSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    // Before the headers are validated: who may not refund learns nothing of what the route needs.
    preValidation: ctx.auth.requirePermission('refunds', 'create', { stepUp: true }),
    handler: async (request, reply) => {
      // Only Merchant users hold refunds:create (the permission table), always scoped to their merchant.
      const merchantId = merchantScopeOf(request) as string;
      // A member other than an owner asking above the team's approval amount: kept for an owner.
      // Not in test mode: its money is not real, and an approval is the live merchant's.
      const waiting = requireAuth(request).livemode
        ? await approvals.gateRefund(
            teamApprovalActorOf(request),
            request.params.id,
            request.headers[IDEMPOTENCY_KEY_HEADER],
            request.body,
          )
        : null;
      if (waiting) return reply.status(202).send(waiting);
      const answer = await refunds.create(
        { merchantId, caller: 'console', user: { id: requireAuth(request).userId, ip: request.ip } },
        request.params.id,
        request.headers[IDEMPOTENCY_KEY_HEADER],
        request.body,
      );
      return reply.status(answer.status as 201).send(answer.body);
    },
  });
}
