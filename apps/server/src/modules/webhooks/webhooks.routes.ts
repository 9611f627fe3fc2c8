import { idParamsSchema, noContentSchema, resendWebhookEvent } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { merchantScopeOf, requestActor } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { webhooksOf } from './webhooks';

/** Manual resend from both consoles: operators any event, a Merchant user its own merchant's. */
export async function webhooksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const delivery = webhooksOf(ctx);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: resendWebhookEvent.method,
    url: resendWebhookEvent.path,
    schema: {
      tags: ['webhooks'],
      security: BEARER_SECURITY,
      summary: 'Deliver a webhook event again now (audited); 409 while a delivery of it is under way',
      params: idParamsSchema,
      response: { 204: noContentSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    preHandler: ctx.auth.requirePermission('transactionSessions', 'operate'),
    handler: async (request, reply) => {
      await delivery.resend(requestActor(request), request.params.id, merchantScopeOf(request));
      return reply.status(204).send(null);
    },
  });
}
