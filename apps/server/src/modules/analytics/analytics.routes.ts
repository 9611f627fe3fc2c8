import { analyticsQuerySchema, analyticsSchema, getAnalytics } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createAnalyticsRepository } from './analytics.repository';
import { createAnalyticsService } from './analytics.service';

/** Operations analytics for the roles with analytics:view (Admin, Sub Admin). */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createAnalyticsService(createAnalyticsRepository(ctx.db));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getAnalytics.method,
    url: getAnalytics.path,
    schema: {
      tags: ['analytics'],
      security: BEARER_SECURITY,
      summary:
        'Money in and out of one currency over the last days, by day or hour (Jakarta), merchant, method or account: sessions opened and paid, volume, time to credit (p50, p95), payouts, match rate; what waits now',
      querystring: analyticsQuerySchema,
      response: { 200: analyticsSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('analytics', 'view'),
    handler: (request) => service.read(request.query),
  });
}
