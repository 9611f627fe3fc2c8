import {
  apiLogDetailSchema,
  apiLogParamsSchema,
  getApiLog,
  type ListApiLogsResponse,
  listApiLogs,
  listApiLogsQuerySchema,
  listApiLogsResponseSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { invalidFields, notFound } from '../../http/app-error';
import { merchantScopeOf } from '../../http/authenticate';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createApiLogsRepository } from './api-logs.repository';

const tags = ['api-logs'];
const security = BEARER_SECURITY;

/**
 * The merchant API's request log for the roles with apiLogs:view: a Merchant user reads its own
 * merchant's (by its session, never an id it sends); an operator names the merchant it supports.
 */
export async function apiLogsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repo = createApiLogsRepository(ctx.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listApiLogs.method,
    url: listApiLogs.path,
    schema: {
      tags,
      security,
      summary:
        'A merchant’s /v1 requests, newest first (method, route, status class, request id, idempotency key, time range; keyset cursor). Operators name the merchant.',
      querystring: listApiLogsQuerySchema,
      response: { 200: listApiLogsResponseSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('apiLogs', 'view'),
    handler: async (request): Promise<ListApiLogsResponse> => {
      const { limit, cursor, merchantId, ...filter } = request.query;
      const scope = merchantScopeOf(request) ?? merchantId;
      if (!scope) throw invalidFields({ 'querystring.merchantId': 'Choose the merchant whose requests to read' });
      const rows = await repo.page({ ...filter, merchantId: scope }, limit, decodeKeysetCursor(cursor, 'serial'));
      return toPage(rows, limit);
    },
  });

  api.route({
    method: getApiLog.method,
    url: getApiLog.path,
    schema: {
      tags,
      security,
      summary: 'One /v1 request with its bodies (personal fields and secrets redacted)',
      params: apiLogParamsSchema,
      response: { 200: apiLogDetailSchema, ...errorResponses(401, 403, 404, 422) },
    },
    preHandler: ctx.auth.requirePermission('apiLogs', 'view'),
    handler: async (request) => {
      const entry = await repo.find(request.params.id, merchantScopeOf(request));
      if (!entry) throw notFound('Request log entry');
      return entry;
    },
  });
}
