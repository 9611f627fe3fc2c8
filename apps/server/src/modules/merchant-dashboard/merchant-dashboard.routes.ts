import { getMerchantStats, merchantStatsSchema } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestMerchantId } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { merchantStats } from './merchant-stats';

/** The merchant console's Dashboard figures (the balances come with the current user). */
export async function merchantDashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getMerchantStats.method,
    url: getMerchantStats.path,
    schema: {
      tags: ['merchant-dashboard'],
      security: BEARER_SECURITY,
      summary: "The signed-in merchant's sessions, volume and success rate per day for the last 14 days",
      response: { 200: merchantStatsSchema, ...errorResponses(401, 403) },
    },
    preHandler: ctx.auth.requirePermission('merchantDashboard', 'view'),
    handler: (request) => merchantStats(ctx.db, requestMerchantId(request)),
  });
}
