import {
  chargePayoutExceptionToMerchant,
  idParamsSchema,
  listPayoutExceptions,
  listPayoutExceptionsQuerySchema,
  listPayoutExceptionsResponseSchema,
  noContentSchema,
  resolvePayoutExceptionBodySchema,
  writeOffPayoutException,
} from '@gerbang/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { withdrawalsOf } from './withdrawals';

const tags = ['withdrawals'];
const security = BEARER_SECURITY;
const operator = (request: FastifyRequest) => ({ userId: requireAuth(request).userId, ip: request.ip });

/**
 * Outgoing transfers no open withdrawal answers for, on the admin console's "Transaction" page
 * beside the incoming review queues: Admins (transactions: operate) list and resolve them.
 */
export async function payoutExceptionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { exceptions } = withdrawalsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const resolution = (summary: string) => ({
    tags,
    security,
    summary,
    params: idParamsSchema,
    body: resolvePayoutExceptionBodySchema,
    response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409, 422) },
  });

  api.route({
    method: listPayoutExceptions.method,
    url: listPayoutExceptions.path,
    schema: {
      tags,
      security,
      summary: 'Outgoing transfers no open withdrawal answers for (paid after release, unclaimed), newest first',
      querystring: listPayoutExceptionsQuerySchema,
      response: { 200: listPayoutExceptionsResponseSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'operate'),
    handler: (request) => exceptions.list(request.query),
  });

  api.route({
    method: chargePayoutExceptionToMerchant.method,
    url: chargePayoutExceptionToMerchant.path,
    schema: resolution(
      'Charge the merchant whose released withdrawal the transfer paid: amount and fee (audited, with the reason)',
    ),
    preHandler: ctx.auth.requirePermission('transactions', 'operate', { stepUp: true }),
    handler: async (request, reply) => {
      await exceptions.chargeMerchant(operator(request), request.params.id, request.body.note);
      return reply.status(204).send(null);
    },
  });

  api.route({
    method: writeOffPayoutException.method,
    url: writeOffPayoutException.path,
    schema: resolution("Write the transfer off as Gerbang's loss (audited, with the reason)"),
    preHandler: ctx.auth.requirePermission('transactions', 'operate', { stepUp: true }),
    handler: async (request, reply) => {
      await exceptions.writeOff(operator(request), request.params.id, request.body.note);
      return reply.status(204).send(null);
    },
  });
}
