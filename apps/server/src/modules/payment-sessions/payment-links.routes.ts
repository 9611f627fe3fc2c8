import {
  createPaymentLinkBodySchema,
  createPaymentLinkSession,
  IDEMPOTENCY_KEY_HEADER,
  idempotentHeadersSchema,
  paymentLinkSessionSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../http/route-schemas';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { createPaymentLinks } from './payment-links';
import { paymentSessionsOf } from './payment-sessions';

/** `/request-transaction`'s call: public, limited per IP, only for merchants that allow links. */
export async function paymentLinksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const links = createPaymentLinks({
    merchants: createMerchantsRepository(ctx.db),
    sessions: paymentSessionsOf(ctx).service,
    audit: ctx.audit,
    config: ctx.config,
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    method: createPaymentLinkSession.method,
    url: createPaymentLinkSession.path,
    schema: {
      tags: ['customer-pages'],
      summary:
        "A customer opens a payment of a merchant that allows payment links (its code and the amount); answers the session's deposit page. Idempotency-Key required; 429 past the per-IP limit",
      headers: idempotentHeadersSchema,
      body: createPaymentLinkBodySchema,
      response: { 201: paymentLinkSessionSchema, ...errorResponses(409, 422, 429) },
    },
    handler: async (request, reply) => {
      const opened = await links.open(request.ip, request.headers[IDEMPOTENCY_KEY_HEADER], request.body);
      return reply.status(201).send(opened);
    },
  });
}
