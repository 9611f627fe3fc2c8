import {
  approveWithdrawalRequest,
  cancelWithdrawalRequest,
  createWithdrawalRequest,
  createWithdrawalRequestBodySchema,
  emptyBodySchema,
  executeWithdrawalBodySchema,
  executeWithdrawalRequest,
  exportWithdrawals,
  exportWithdrawalsQuerySchema,
  getWithdrawal,
  idParamsSchema,
  listWithdrawals,
  listWithdrawalsQuerySchema,
  listWithdrawalsResponseSchema,
  markWithdrawalPaid,
  markWithdrawalPaidBodySchema,
  reconcileWithdrawal,
  reconcileWithdrawalBodySchema,
  rejectWithdrawalBodySchema,
  rejectWithdrawalRequest,
  reviewWithdrawalName,
  reviewWithdrawalNameBodySchema,
  type SimulatePayoutBody,
  simulateConsoleWithdrawal,
  simulatePayoutBodySchema,
  teamApprovalSchema,
  withdrawalDetailSchema,
} from '@gerbang/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { merchantScopeOf, requireAuth } from '../../http/authenticate';
import { sendCsvExport } from '../../http/csv-export';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { teamApprovalActorOf, teamApprovalsOf } from '../merchant-team/team-approvals';
import { consoleModeFilter } from '../test-mode/console-mode-filter';
import { withdrawalsOf } from './withdrawals';
import type { Actor } from './withdrawals.service';
import { withdrawalsCsv } from './withdrawals-export';

const tags = ['withdrawals'];
const security = BEARER_SECURITY;
const errors = errorResponses(401, 403, 404, 409, 422);

function actorOf(request: FastifyRequest): Actor {
  return { userId: requireAuth(request).userId, ip: request.ip, merchantId: merchantScopeOf(request) };
}

/**
 * Withdrawal requests in both consoles: merchants request settlements of their balance and cancel
 * them while pending; operators list every merchant's, approve (maker-checker), reject, send through
 * a phone, mark paid outside Gerbang and reconcile uncertain transfers.
 */
export async function withdrawalsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { service, repo, testPayouts } = withdrawalsOf(ctx);
  const approvals = teamApprovalsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const operate = ctx.auth.requirePermission('withdrawals', 'operate');
  // Moving money (approving, sending, marking, reconciling) asks an enrolled user for a fresh factor.
  const moveMoney = ctx.auth.requirePermission('withdrawals', 'operate', { stepUp: true });
  const action = (
    endpoint: { method: string; path: string },
    summary: string,
    body: ZodType,
    run: (actor: Actor, id: string, body: never) => Promise<unknown>,
    preHandler = operate,
  ) =>
    api.route({
      method: endpoint.method as 'POST',
      url: endpoint.path,
      schema: {
        tags,
        security,
        summary,
        params: idParamsSchema,
        body,
        response: { 200: withdrawalDetailSchema, ...errors },
      },
      preHandler,
      handler: (request) =>
        run(actorOf(request), (request.params as { id: string }).id, request.body as never) as never,
    });

  api.route({
    method: listWithdrawals.method,
    url: listWithdrawals.path,
    schema: {
      tags,
      security,
      summary: 'Withdrawals, newest first (status, kind, merchant; keyset cursor). Merchant users see their own.',
      querystring: listWithdrawalsQuerySchema,
      response: { 200: listWithdrawalsResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('withdrawals', 'view'),
    handler: async (request) => service.list(await consoleModeFilter(ctx, request, request.query)),
  });

  api.route({
    method: exportWithdrawals.method,
    url: exportWithdrawals.path,
    schema: {
      tags,
      security,
      summary:
        'The filtered withdrawals (settlements, payouts, refunds) as CSV (text/csv, every matching row, newest first), streamed a page at a time',
      querystring: exportWithdrawalsQuerySchema,
      // A stream, which Fastify sends as it comes (no serializer runs on it).
      response: { 200: z.any().describe('CSV (text/csv), one line per withdrawal'), ...errors },
    },
    preHandler: ctx.auth.requirePermission('withdrawals', 'view'),
    handler: async (request, reply) => {
      const filter = await consoleModeFilter(ctx, request, request.query);
      return sendCsvExport(reply, 'withdrawals', withdrawalsCsv(repo, filter));
    },
  });

  api.route({
    method: getWithdrawal.method,
    url: getWithdrawal.path,
    schema: {
      tags,
      security,
      summary: 'One withdrawal with its timeline (who did what, when, why)',
      params: idParamsSchema,
      response: { 200: withdrawalDetailSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('withdrawals', 'view'),
    handler: (request) => service.get(request.params.id, actorOf(request)),
  });

  api.route({
    method: createWithdrawalRequest.method,
    url: createWithdrawalRequest.path,
    schema: {
      tags,
      security,
      summary:
        'Request a settlement to a verified payout method: the amount and the withdrawal fee are held from the available balance at once (422 INSUFFICIENT_BALANCE when they are not covered). Operators name the merchant.',
      body: createWithdrawalRequestBodySchema,
      response: { 200: withdrawalDetailSchema, 201: withdrawalDetailSchema, 202: teamApprovalSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('withdrawals', 'create'),
    handler: async (request, reply) => {
      // A member other than an owner asking above the team's approval amount: kept for an owner.
      // Not in test mode: its money is not real, and an approval is the live merchant's.
      if (merchantScopeOf(request) && requireAuth(request).livemode) {
        const waiting = await approvals.gateSettlement(teamApprovalActorOf(request), request.body);
        if (waiting) return reply.status(202).send(waiting);
      }
      const answer = await service.request(actorOf(request), request.body);
      return reply.status(answer.status).send(answer.body);
    },
  });

  action(
    cancelWithdrawalRequest,
    'Its maker (the merchant, or an operator who requested it for them) cancels a request while it waits for approval; the hold is released',
    emptyBodySchema.nullish(),
    (actor, id) => service.cancel(actor, id),
    ctx.auth.requirePermission('withdrawals', 'create'),
  );
  action(
    approveWithdrawalRequest,
    'Approve a pending request (403 SECOND_APPROVER_REQUIRED for whoever created or last changed it)',
    emptyBodySchema.nullish(),
    (actor, id) => service.approve(actor, id),
    moveMoney,
  );
  action(
    rejectWithdrawalRequest,
    'Reject a request with a reason; the hold is released',
    rejectWithdrawalBodySchema,
    (actor, id, body: { reason: string }) => service.reject(actor, id, body.reason),
  );
  action(
    executeWithdrawalRequest,
    'Send an approved withdrawal through a ready account (the one given, or the readiest)',
    executeWithdrawalBodySchema,
    (actor, id, body: { walletAccountId?: string }) => service.execute(actor, id, body.walletAccountId),
    moveMoney,
  );
  action(
    markWithdrawalPaid,
    'Mark an approved withdrawal paid outside Gerbang, with the payment reference',
    markWithdrawalPaidBodySchema,
    (actor, id, body: { reference: string; note: string }) => service.markPaid(actor, id, body.reference, body.note),
    moveMoney,
  );
  action(
    reviewWithdrawalName,
    'Decide on a customer withdrawal held because the holder name the provider gave does not match the merchant’s: approve (the customer may confirm it) or reject (it fails, the hold is released), with a reason',
    reviewWithdrawalNameBodySchema,
    (actor, id, body) => service.reviewName(actor, id, body),
    moveMoney,
  );
  action(
    simulateConsoleWithdrawal,
    "Test mode: the test provider ends the transfer of one of the merchant's test withdrawals (a Merchant user's console in test mode): paid, paid_late, uncertain, failed. 409 INVALID_STATE for operators; 403 FORBIDDEN on a live withdrawal",
    simulatePayoutBodySchema,
    async (actor, id, body: SimulatePayoutBody) => {
      // The merchant's own test withdrawals only: operators do not act on test mode's.
      if (!actor.merchantId) {
        throw new AppError(
          'INVALID_STATE',
          'Operators do not act on test mode withdrawals: the merchant ends them (its console in test mode, or a test token)',
        );
      }
      await testPayouts.simulate(id, body.outcome, actor.merchantId);
      return service.get(id, actor);
    },
    ctx.auth.requirePermission('withdrawals', 'create'),
  );
  action(
    reconcileWithdrawal,
    'Settle an uncertain transfer by the sending account history: paid (with its reference) or not paid (with a note)',
    reconcileWithdrawalBodySchema,
    (actor, id, body) => service.reconcile(actor, id, body),
    moveMoney,
  );
}
