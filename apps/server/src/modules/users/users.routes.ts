import {
  disableUser,
  enableUser,
  getUser,
  getUserResponseSchema,
  idParamsSchema,
  inviteUser,
  inviteUserBodySchema,
  inviteUserResponseSchema,
  listUsers,
  listUsersQuerySchema,
  listUsersResponseSchema,
  resendActivation,
  updateUser,
  updateUserBodySchema,
  updateUserResponseSchema,
  userActionResponseSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestActor } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { createUsersRepository } from './users.repository';
import { createUsersService } from './users.service';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['users'];
const security = BEARER_SECURITY;

export async function usersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createUsersService({
    repo: createUsersRepository(ctx.db),
    // A test twin (test mode) has no users of its own: its live merchant's users act in test mode.
    merchantExists: async (id) => {
      const merchant = await createMerchantsRepository(ctx.db).findById(id);
      return merchant !== null && merchant.liveMerchantId === null;
    },
    audit: ctx.audit,
    accountLinks: ctx.accountLinks,
    sessionState: ctx.sessionState,
    events: ctx.events,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listUsers.method,
    url: listUsers.path,
    schema: {
      tags,
      security,
      summary: 'List users (search, role and status filters, keyset pagination)',
      querystring: listUsersQuerySchema,
      response: { 200: listUsersResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('users', 'view'),
    handler: (request) => service.list(request.query),
  });

  api.route({
    method: inviteUser.method,
    url: inviteUser.path,
    schema: {
      tags,
      security,
      summary: 'Invite a user: created without a password, an activation link is mailed',
      body: inviteUserBodySchema,
      response: { 201: inviteUserResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('users', 'create'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.invite(requestActor(request), request.body)),
  });

  api.route({
    method: getUser.method,
    url: getUser.path,
    schema: {
      tags,
      security,
      summary: 'One user',
      params: idParamsSchema,
      response: { 200: getUserResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('users', 'view'),
    handler: (request) => service.get(request.params.id),
  });

  api.route({
    method: updateUser.method,
    url: updateUser.path,
    schema: {
      tags,
      security,
      summary: 'Edit a user’s name or role',
      params: idParamsSchema,
      body: updateUserBodySchema,
      response: { 200: updateUserResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('users', 'update'),
    handler: (request) => service.update(requestActor(request), request.params.id, request.body),
  });

  const actions = [
    [disableUser, 'Disable a user and end all their sessions', service.disable],
    [enableUser, 'Enable a disabled user', service.enable],
    [resendActivation, 'Send a new activation link (the previous one stops working)', service.resendActivation],
  ] as const;
  for (const [endpoint, summary, run] of actions) {
    api.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        tags,
        security,
        summary,
        params: idParamsSchema,
        response: { 200: userActionResponseSchema, ...errors },
      },
      preHandler: ctx.auth.requirePermission('users', 'operate'),
      handler: (request) => run(requestActor(request), request.params.id),
    });
  }
}
