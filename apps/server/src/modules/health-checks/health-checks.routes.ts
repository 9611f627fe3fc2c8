import {
  devicePageQuerySchema,
  idParamsSchema,
  listDeviceHealthChecks,
  listDeviceHealthChecksResponseSchema,
  runHealthChecks,
  runHealthChecksBodySchema,
  runHealthChecksResponseSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import type { HealthChecksService } from './health-checks.service';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['devices'];
const security = BEARER_SECURITY;

export async function healthChecksRoutes(app: FastifyInstance, ctx: AppContext, service: HealthChecksService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: runHealthChecks.method,
    url: runHealthChecks.path,
    schema: {
      tags,
      security,
      summary: 'Run a check on devices; each starts CHECKING at once, devices already running that type are skipped',
      body: runHealthChecksBodySchema,
      response: { 200: runHealthChecksResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('devices', 'operate'),
    handler: (request) =>
      service.start(
        { trigger: 'user', userId: requireAuth(request).userId, ip: request.ip },
        request.body.deviceIds,
        request.body.type,
      ),
  });

  api.route({
    method: listDeviceHealthChecks.method,
    url: listDeviceHealthChecks.path,
    schema: {
      tags,
      security,
      summary: 'The device’s health-check runs, newest first',
      params: idParamsSchema,
      querystring: devicePageQuerySchema,
      response: { 200: listDeviceHealthChecksResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('devices', 'view'),
    handler: (request) => service.history(request.params.id, request.query),
  });
}
