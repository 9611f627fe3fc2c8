import {
  approveTeamApproval,
  emptyBodySchema,
  idParamsSchema,
  listMyTeamApprovals,
  listTeamApprovals,
  listTeamApprovalsResponseSchema,
  rejectTeamApproval,
  rejectTeamApprovalBodySchema,
  teamApprovalSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { teamApprovalActorOf, teamApprovalsOf } from './team-approvals';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['team'];
const security = BEARER_SECURITY;

/** The merchant console's Team → Approvals: an owner approves or rejects money out a member asked for. */
export async function teamApprovalsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const approvals = teamApprovalsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listTeamApprovals.method,
    url: listTeamApprovals.path,
    schema: {
      tags,
      security,
      summary: 'Money out members asked for above the approval amount: waiting ones first, then the latest decided',
      response: { 200: listTeamApprovalsResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('team', 'view'),
    handler: async (request) => ({ items: await approvals.list(teamApprovalActorOf(request).merchantId) }),
  });

  api.route({
    method: listMyTeamApprovals.method,
    url: listMyTeamApprovals.path,
    schema: {
      tags,
      security,
      summary:
        "The caller's own requests for an owner's approval (members who may ask for money out), in the same order",
      response: { 200: listTeamApprovalsResponseSchema, ...errors },
    },
    // Who may ask for money out in a merchant (owner and finance) holds refunds create.
    preHandler: ctx.auth.requirePermission('refunds', 'create'),
    handler: async (request) => {
      const actor = teamApprovalActorOf(request);
      return { items: await approvals.list(actor.merchantId, actor.userId) };
    },
  });

  api.route({
    method: approveTeamApproval.method,
    url: approveTeamApproval.path,
    schema: {
      tags,
      security,
      summary:
        'Approve: the settlement or refund is made as the member asked (once); 409 when it was decided already, and the error of making it (it waits again) when that fails',
      params: idParamsSchema,
      body: emptyBodySchema.nullish(),
      response: { 200: teamApprovalSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('team', 'update', { stepUp: true }),
    handler: (request) => approvals.approve(teamApprovalActorOf(request), request.params.id),
  });

  api.route({
    method: rejectTeamApproval.method,
    url: rejectTeamApproval.path,
    schema: {
      tags,
      security,
      summary: 'Reject with a reason the member sees; 409 when it was decided already',
      params: idParamsSchema,
      body: rejectTeamApprovalBodySchema,
      response: { 200: teamApprovalSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('team', 'update'),
    handler: (request) => approvals.reject(teamApprovalActorOf(request), request.params.id, request.body.reason),
  });
}
