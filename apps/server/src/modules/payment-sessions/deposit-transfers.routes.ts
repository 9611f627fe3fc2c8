import {
  approveDepositResolution,
  creditDepositTransfer,
  creditDepositTransferBodySchema,
  declineDepositResolution,
  declineDepositResolutionBodySchema,
  depositCandidatesResponseSchema,
  depositResolutionAnswerSchema,
  emptyBodySchema,
  exportDepositTransfers,
  exportDepositTransfersQuerySchema,
  idParamsSchema,
  listDepositTransferCandidates,
  listDepositTransfers,
  listDepositTransfersQuerySchema,
  listDepositTransfersResponseSchema,
  listSessionCandidateTransfers,
  matchDepositTransfer,
  matchDepositTransferBodySchema,
  noContentSchema,
  refundDepositTransferOutside,
  refundDepositTransferOutsideBodySchema,
  returnDepositTransfer,
  returnDepositTransferBodySchema,
  sessionCandidateTransfersResponseSchema,
} from '@gerbang/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { AppContext } from '../../app-context';
import { merchantScopeOf, requireAuth } from '../../http/authenticate';
import { sendCsvExport } from '../../http/csv-export';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import type { ResolutionAnswer } from './deposit-reviews.service';
import { paymentSessionsOf } from './payment-sessions';

const tags = ['transactions'];
const security = BEARER_SECURITY;
const operator = (request: FastifyRequest) => ({ userId: requireAuth(request).userId, ip: request.ip });
/** 204 when it was carried out; 202 when it waits for a second operator. */
const answer = (reply: FastifyReply, done: ResolutionAnswer) =>
  done.status === 'resolved' ? reply.status(204).send(null) : reply.status(202).send({ status: 'awaiting_approval' });

/**
 * The "Transaction" pages: incoming transfers and what became of them. Operators (Admin) see all
 * and resolve the review queues; a Merchant user sees the transfers that paid its own sessions.
 */
export async function depositTransfersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { reviews } = paymentSessionsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listDepositTransfers.method,
    url: listDepositTransfers.path,
    schema: {
      tags,
      security,
      summary: 'Incoming transfers and their outcome (matched, paid late, unmatched), newest first',
      querystring: listDepositTransfersQuerySchema,
      response: { 200: listDepositTransfersResponseSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'view'),
    handler: (request) => {
      const { limit, cursor, outcome, awaitingReview } = request.query;
      const merchantId = merchantScopeOf(request);
      return reviews.list({ outcome, awaitingReview: awaitingReview === 'true', merchantId }, { limit, cursor });
    },
  });

  api.route({
    method: exportDepositTransfers.method,
    url: exportDepositTransfers.path,
    schema: {
      tags,
      security,
      summary:
        'The filtered incoming transfers as CSV (text/csv, every matching row, newest first), streamed a page at a time',
      querystring: exportDepositTransfersQuerySchema,
      // A stream, which Fastify sends as it comes (no serializer runs on it).
      response: { 200: z.any().describe('CSV (text/csv), one line per transfer'), ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'view'),
    handler: async (request, reply) => {
      const merchantId = merchantScopeOf(request);
      const filter = {
        outcome: request.query.outcome,
        awaitingReview: request.query.awaitingReview === 'true',
        merchantId,
      };
      return sendCsvExport(reply, 'incoming-transfers', reviews.csv(filter));
    },
  });

  api.route({
    method: listDepositTransferCandidates.method,
    url: listDepositTransferCandidates.path,
    schema: {
      tags,
      security,
      summary:
        'The sessions a queued transfer may have paid, best first: same account, unpaid, opened in the day before it, final amount within DEPOSIT_MATCH_TOLERANCE_PERCENT; with the difference, the time and the name score',
      params: idParamsSchema,
      response: { 200: depositCandidatesResponseSchema, ...errorResponses(401, 403, 404, 409) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'operate'),
    handler: (request) => reviews.candidates(request.params.id),
  });

  api.route({
    method: listSessionCandidateTransfers.method,
    url: listSessionCandidateTransfers.path,
    schema: {
      tags,
      security,
      summary:
        "The queued transfers into an unpaid session's account that may be its payment, best first (empty once it is paid)",
      params: idParamsSchema,
      response: { 200: sessionCandidateTransfersResponseSchema, ...errorResponses(401, 403, 404) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'operate'),
    handler: (request) => reviews.transfersForSession(request.params.id),
  });

  /** A resolution of a queued transfer: 204 done, or 202 waiting for a second operator (step-up). */
  const resolution = <B extends ZodType>(
    endpoint: { method: string; path: string },
    summary: string,
    body: B,
    run: (actor: ReturnType<typeof operator>, id: string, body: z.infer<B>) => Promise<ResolutionAnswer>,
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
        response: {
          202: depositResolutionAnswerSchema,
          204: noContentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
      preHandler: ctx.auth.requirePermission('transactions', 'operate', { stepUp: true }),
      handler: async (request, reply) =>
        answer(reply, await run(operator(request), (request.params as { id: string }).id, request.body as z.infer<B>)),
    });

  resolution(
    matchDepositTransfer,
    'Pay a session with a queued transfer into its account: of its final amount, or within DEPOSIT_MATCH_TOLERANCE_PERCENT (a near match: the merchant is credited what arrived, the fee on it). Audited, with the reason',
    matchDepositTransferBodySchema,
    (actor, id, body) => reviews.match(actor, id, body),
  );
  resolution(
    refundDepositTransferOutside,
    'Record that a queued transfer was sent back outside Gerbang (audited, with the reason)',
    refundDepositTransferOutsideBodySchema,
    (actor, id, body) => reviews.refundOutside(actor, id, body),
  );
  resolution(
    returnDepositTransfer,
    "Send a queued transfer back to its sender through a phone: a return (a withdrawal of kind return, no fee) from the account it arrived in to the account its history names, checked against the sender's name first (422 when the history names no account, or a bank's)",
    returnDepositTransferBodySchema,
    (actor, id, body) => reviews.returnToSender(actor, id, body),
  );
  resolution(
    creditDepositTransfer,
    "Credit a queued transfer to a merchant without a session (a manual deposit: the merchant's deposit fee on it, a deposit.manually_credited webhook), with the operator's reference (unique per merchant) and a reason",
    creditDepositTransferBodySchema,
    (actor, id, body) => reviews.credit(actor, id, body),
  );

  api.route({
    method: approveDepositResolution.method,
    url: approveDepositResolution.path,
    schema: {
      tags,
      security,
      summary:
        "Carry out another operator's proposed resolution of a transfer above the approval amount (403 SECOND_APPROVER_REQUIRED for its proposer)",
      params: idParamsSchema,
      body: emptyBodySchema.nullish(),
      response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'operate', { stepUp: true }),
    handler: async (request, reply) => {
      await reviews.approve(operator(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  api.route({
    method: declineDepositResolution.method,
    url: declineDepositResolution.path,
    schema: {
      tags,
      security,
      summary: 'Turn down a proposed resolution, saying why; the transfer waits in the queue again',
      params: idParamsSchema,
      body: declineDepositResolutionBodySchema,
      response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'operate'),
    handler: async (request, reply) => {
      await reviews.decline(operator(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  });
}
