import {
  apiTokenPolicy,
  apiTokenPolicySchema,
  apiTokenWithSecretSchema,
  createApiToken,
  createApiTokenBodySchema,
  idParamsSchema,
  listApiTokens,
  listApiTokensQuerySchema,
  listApiTokensResponseSchema,
  revokeApiToken,
  revokeApiTokenResponseSchema,
  updateApiTokenPolicy,
  updateApiTokenPolicyBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http/app-error';
import { requestMerchantId, requireAuth } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { createApiTokensRepository } from './api-tokens.repository';
import { apiTokenPolicyOf, createApiTokensService, type MerchantActor } from './api-tokens.service';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['api-tokens'];
const security = BEARER_SECURITY;

function merchantActor(request: FastifyRequest): MerchantActor {
  const auth = requireAuth(request);
  return {
    userId: auth.userId,
    merchantId: requestMerchantId(request),
    ip: request.ip,
    teamRole: auth.user.merchantRole ?? null,
  };
}

/** The merchant console's API Tokens page: a Merchant user manages its own merchant's tokens. */
export async function apiTokensRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createApiTokensService({
    repo: createApiTokensRepository(ctx.db),
    audit: ctx.audit,
    allowlistRequiredByOperator: ctx.config.API_TOKEN_ALLOWLIST_REQUIRED,
  });
  const merchants = createMerchantsRepository(ctx.db);
  const merchantOf = async (request: FastifyRequest) => {
    const merchant = await merchants.findById(requestMerchantId(request));
    if (!merchant) throw notFound('Merchant');
    return merchant;
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listApiTokens.method,
    url: listApiTokens.path,
    schema: {
      tags,
      security,
      summary: "The signed-in merchant's API tokens, newest first (never their secrets)",
      querystring: listApiTokensQuerySchema,
      response: { 200: listApiTokensResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('apiTokens', 'view'),
    handler: (request) => service.list(requestMerchantId(request), request.query),
  });

  api.route({
    method: createApiToken.method,
    url: createApiToken.path,
    schema: {
      tags,
      security,
      summary: 'Create an API token; the answer carries its secret, shown this once',
      body: createApiTokenBodySchema,
      response: { 201: apiTokenWithSecretSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('apiTokens', 'create', { stepUp: true }),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(merchantActor(request), request.body, await merchantOf(request))),
  });

  api.route({
    method: apiTokenPolicy.method,
    url: apiTokenPolicy.path,
    schema: {
      tags,
      security,
      summary: 'Whether tokens that move money out must name their allowed networks (the merchant, the operator)',
      response: { 200: apiTokenPolicySchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('apiTokens', 'view'),
    handler: async (request) => apiTokenPolicyOf(await merchantOf(request), ctx.config.API_TOKEN_ALLOWLIST_REQUIRED),
  });

  api.route({
    method: updateApiTokenPolicy.method,
    url: updateApiTokenPolicy.path,
    schema: {
      tags,
      security,
      summary:
        'Require (or not) allowed networks on tokens that move money out; existing such tokens without networks are refused 403 IP_NOT_ALLOWED on those routes',
      body: updateApiTokenPolicyBodySchema,
      response: { 200: apiTokenPolicySchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('apiTokens', 'create', { stepUp: true }),
    handler: async (request) => {
      const actor = merchantActor(request);
      const before = await merchantOf(request);
      const required = request.body.allowlistRequiredForMoneyOut;
      const after = (await merchants.update(actor.merchantId, { apiTokenAllowlistRequired: required })) ?? before;
      if (before.apiTokenAllowlistRequired !== required)
        await ctx.audit.insert({
          actorUserId: actor.userId,
          action: AUDIT_ACTIONS.apiTokenPolicyChanged,
          targetType: 'merchant',
          targetId: actor.merchantId,
          ip: actor.ip,
          details: {
            before: { allowlistRequired: before.apiTokenAllowlistRequired },
            after: { allowlistRequired: required },
          },
        });
      return apiTokenPolicyOf(after, ctx.config.API_TOKEN_ALLOWLIST_REQUIRED);
    },
  });

  api.route({
    method: revokeApiToken.method,
    url: revokeApiToken.path,
    schema: {
      tags,
      security,
      summary: 'Revoke an API token: it answers 401 API_TOKEN_REVOKED from now on',
      params: idParamsSchema,
      response: { 200: revokeApiTokenResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('apiTokens', 'delete'),
    handler: (request) => service.revoke(merchantActor(request), request.params.id),
  });
}
