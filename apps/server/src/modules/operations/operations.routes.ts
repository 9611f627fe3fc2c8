import { getHealth, getReadiness, healthResponseSchema, readinessResponseSchema } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { createReadiness } from './readiness';

/** Liveness and readiness probes for a load balancer or an orchestrator; no sign-in. */
export async function operationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const readiness = createReadiness(ctx);
  app.addHook('onClose', async () => readiness.close());
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    method: getHealth.method,
    url: getHealth.path,
    schema: { tags: ['operations'], summary: 'The process is up', response: { 200: healthResponseSchema } },
    handler: async () => ({ status: 'ok' as const }),
  });
  api.route({
    method: getReadiness.method,
    url: getReadiness.path,
    schema: {
      tags: ['operations'],
      summary: 'The database answers, migrations are applied, Redis answers when configured (503 otherwise)',
      response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
    },
    handler: async (_request, reply) => {
      const result = await readiness.check();
      return reply.code(result.status === 'ready' ? 200 : 503).send(result);
    },
  });
}
