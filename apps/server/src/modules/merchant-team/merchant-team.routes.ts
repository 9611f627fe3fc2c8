import {
  disableTeamMember,
  emptyBodySchema,
  enableTeamMember,
  idParamsSchema,
  inviteTeamMember,
  inviteTeamMemberBodySchema,
  listTeam,
  listTeamResponseSchema,
  teamMemberSchema,
  teamPolicy,
  teamPolicySchema,
  updateTeamMember,
  updateTeamMemberBodySchema,
  updateTeamPolicy,
  updateTeamPolicyBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestLiveMerchantId, requireAuth } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { createUsersRepository } from '../users/users.repository';
import { createMerchantTeamService, type TeamActor } from './merchant-team.service';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['team'];
const security = BEARER_SECURITY;
const actorOf = (request: FastifyRequest): TeamActor => ({
  userId: requireAuth(request).userId,
  merchantId: requestLiveMerchantId(request),
  ip: request.ip,
});

/** The merchant console's Team page: an owner manages its merchant's members and their roles. */
export async function merchantTeamRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createMerchantTeamService({
    db: ctx.db,
    users: createUsersRepository(ctx.db),
    merchants: createMerchantsRepository(ctx.db),
    audit: ctx.audit,
    accountLinks: ctx.accountLinks,
    sessionState: ctx.sessionState,
    secondFactor: ctx.secondFactor,
    events: ctx.events,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = (summary: string) => ({
    tags,
    security,
    summary,
    params: idParamsSchema,
    body: emptyBodySchema.nullish(),
    response: { 200: teamMemberSchema, ...errors },
  });

  api.route({
    method: listTeam.method,
    url: listTeam.path,
    schema: {
      tags,
      security,
      summary: "The merchant's team, oldest first",
      response: { 200: listTeamResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('team', 'view'),
    handler: (request) => service.list(actorOf(request)),
  });

  api.route({
    method: inviteTeamMember.method,
    url: inviteTeamMember.path,
    schema: {
      tags,
      security,
      summary: 'Invite a member with a team role; they get an activation link by mail',
      body: inviteTeamMemberBodySchema,
      response: { 201: teamMemberSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('team', 'create'),
    handler: async (request, reply) => reply.status(201).send(await service.invite(actorOf(request), request.body)),
  });

  api.route({
    method: updateTeamMember.method,
    url: updateTeamMember.path,
    schema: {
      tags,
      security,
      summary: "Change a member's team role (never one's own; the team keeps an active owner)",
      params: idParamsSchema,
      body: updateTeamMemberBodySchema,
      response: { 200: teamMemberSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('team', 'update'),
    handler: (request) => service.changeRole(actorOf(request), request.params.id, request.body.merchantRole),
  });

  api.route({
    method: disableTeamMember.method,
    url: disableTeamMember.path,
    schema: member('Disable a member: their sessions end at once'),
    preHandler: ctx.auth.requirePermission('team', 'delete'),
    handler: (request) => service.disable(actorOf(request), request.params.id),
  });

  api.route({
    method: enableTeamMember.method,
    url: enableTeamMember.path,
    schema: member('Enable a disabled member again'),
    preHandler: ctx.auth.requirePermission('team', 'update'),
    handler: (request) => service.enable(actorOf(request), request.params.id),
  });

  api.route({
    method: teamPolicy.method,
    url: teamPolicy.path,
    schema: {
      tags,
      security,
      summary: 'Whether every member must use a second factor, and above which amount money out waits for an owner',
      response: { 200: teamPolicySchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('team', 'view'),
    handler: (request) => service.policy(actorOf(request)),
  });

  api.route({
    method: updateTeamPolicy.method,
    url: updateTeamPolicy.path,
    schema: {
      tags,
      security,
      summary:
        'Require (or not) a second factor of every member (those without one are led to enrol), and set the amount above which money out another member asks for waits for an owner',
      body: updateTeamPolicyBodySchema,
      response: { 200: teamPolicySchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('team', 'update', { stepUp: true }),
    handler: (request) => service.setPolicy(actorOf(request), request.body),
  });
}
