import {
  createPayoutMethod,
  createPayoutMethodBodySchema,
  deletePayoutMethod,
  emptyBodySchema,
  idParamsSchema,
  listPayoutMethods,
  listPayoutMethodsResponseSchema,
  noContentSchema,
  payoutMethodSchema,
  verifyPayoutMethod,
} from '@gerbang/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestMerchantId, requireAuth } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import type { MerchantActor } from './payout-methods.service';
import { withdrawalsOf } from './withdrawals';

const tags = ['payout-methods'];
const security = BEARER_SECURITY;
const errors = errorResponses(401, 403, 404, 409, 422);

function merchantActor(request: FastifyRequest): MerchantActor {
  return { userId: requireAuth(request).userId, merchantId: requestMerchantId(request), ip: request.ip };
}

/** The merchant console's Payout Methods: its own destinations, verified by a phone's inquiry. */
export async function payoutMethodsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { payoutMethods } = withdrawalsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listPayoutMethods.method,
    url: listPayoutMethods.path,
    schema: {
      tags,
      security,
      summary: "The signed-in merchant's payout methods, oldest first",
      response: { 200: listPayoutMethodsResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('payoutMethods', 'view'),
    handler: async (request) => ({ items: await payoutMethods.list(requestMerchantId(request)) }),
  });

  api.route({
    method: createPayoutMethod.method,
    url: createPayoutMethod.path,
    schema: {
      tags,
      security,
      summary:
        'Add a payout method; it is verified by an account-name inquiry (status verifying, then verified or failed)',
      body: createPayoutMethodBodySchema,
      response: { 201: payoutMethodSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('payoutMethods', 'create'),
    handler: async (request, reply) =>
      reply.status(201).send(await payoutMethods.create(merchantActor(request), request.body)),
  });

  api.route({
    method: verifyPayoutMethod.method,
    url: verifyPayoutMethod.path,
    schema: {
      tags,
      security,
      summary: 'Verify a payout method again (after a failure)',
      params: idParamsSchema,
      body: emptyBodySchema.nullish(),
      response: { 200: payoutMethodSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('payoutMethods', 'update'),
    handler: (request) => payoutMethods.reverify(merchantActor(request), request.params.id),
  });

  api.route({
    method: deletePayoutMethod.method,
    url: deletePayoutMethod.path,
    schema: {
      tags,
      security,
      summary: 'Remove a payout method (409 PAYOUT_METHOD_IN_USE while an open withdrawal goes to it)',
      params: idParamsSchema,
      response: { 204: noContentSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('payoutMethods', 'delete'),
    handler: async (request, reply) => {
      await payoutMethods.remove(merchantActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
