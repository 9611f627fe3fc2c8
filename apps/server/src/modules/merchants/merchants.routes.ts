import {
  createMerchant,
  createMerchantBodySchema,
  getMerchant,
  idParamsSchema,
  listMerchants,
  listMerchantsQuerySchema,
  listMerchantsResponseSchema,
  merchantSchema,
  merchantWithSecretSchema,
  resumeMerchant,
  rotateMerchantWebhookSecret,
  suspendMerchant,
  updateMerchant,
  updateMerchantBodySchema,
  webhookSecretResponseSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http/app-error';
import { requestActor } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { merchantsServiceOf } from './merchants';
import { createMerchantsRepository } from './merchants.repository';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['merchants'];
const security = BEARER_SECURITY;

export async function merchantsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = merchantsServiceOf(ctx);
  const repo = createMerchantsRepository(ctx.db);
  /**
   * The id, when it names a merchant of Merchant Management: a test twin (test mode) is not one:
   * it follows its live merchant's terms and is changed only through it (docs/test-mode.md).
   */
  const operatorsMerchant = async (id: string) => {
    if ((await repo.findById(id))?.liveMerchantId) throw notFound('Merchant');
    return id;
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listMerchants.method,
    url: listMerchants.path,
    schema: {
      tags,
      security,
      summary: 'List merchants by name (search by name or code, status filter, keyset cursor)',
      querystring: listMerchantsQuerySchema,
      response: { 200: listMerchantsResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('merchants', 'view'),
    handler: (request) => service.list(request.query),
  });

  api.route({
    method: createMerchant.method,
    url: createMerchant.path,
    schema: {
      tags,
      security,
      summary: 'Add a merchant; the answer carries its webhook signing secret, shown this once',
      body: createMerchantBodySchema,
      response: { 201: merchantWithSecretSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('merchants', 'create'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requestActor(request), request.body)),
  });

  api.route({
    method: getMerchant.method,
    url: getMerchant.path,
    schema: {
      tags,
      security,
      summary: 'One merchant',
      params: idParamsSchema,
      response: { 200: merchantSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('merchants', 'view'),
    handler: async (request) => service.get(await operatorsMerchant(request.params.id)),
  });

  api.route({
    method: updateMerchant.method,
    url: updateMerchant.path,
    schema: {
      tags,
      security,
      summary: "Edit a merchant's terms (the code and the currency stay as created)",
      params: idParamsSchema,
      body: updateMerchantBodySchema,
      response: { 200: merchantSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('merchants', 'update', { stepUp: true }),
    handler: async (request) =>
      service.update(requestActor(request), await operatorsMerchant(request.params.id), request.body),
  });

  api.route({
    method: suspendMerchant.method,
    url: suspendMerchant.path,
    schema: {
      tags,
      security,
      summary: 'Suspend: no new payment session; open ones run to their end',
      params: idParamsSchema,
      response: { 200: merchantSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('merchants', 'operate'),
    handler: async (request) => service.suspend(requestActor(request), await operatorsMerchant(request.params.id)),
  });

  api.route({
    method: resumeMerchant.method,
    url: resumeMerchant.path,
    schema: {
      tags,
      security,
      summary: 'Resume a suspended merchant',
      params: idParamsSchema,
      response: { 200: merchantSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('merchants', 'operate'),
    handler: async (request) => service.resume(requestActor(request), await operatorsMerchant(request.params.id)),
  });

  api.route({
    method: rotateMerchantWebhookSecret.method,
    url: rotateMerchantWebhookSecret.path,
    schema: {
      tags,
      security,
      summary: 'A new webhook signing secret, shown this once; the previous one stops signing',
      params: idParamsSchema,
      response: { 200: webhookSecretResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('merchants', 'update', { stepUp: true }),
    handler: async (request) =>
      service.rotateWebhookSecret(requestActor(request), await operatorsMerchant(request.params.id)),
  });
}
