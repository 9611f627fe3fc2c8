import { z } from 'zod';

/** The process is up (a liveness probe): no dependency is checked. */
export const getHealth = { method: 'GET', path: '/healthz' } as const;
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * The instance can serve (a readiness probe): the database answers, this build's migrations are
 * applied, Redis answers when configured. 200 when ready, 503 when not; which check fails is named,
 * its cause is only logged.
 */
export const getReadiness = { method: 'GET', path: '/readyz' } as const;
export const readinessCheckSchema = z.enum(['ok', 'failing', 'not_configured']);
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: readinessCheckSchema, migrations: readinessCheckSchema, redis: readinessCheckSchema }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
