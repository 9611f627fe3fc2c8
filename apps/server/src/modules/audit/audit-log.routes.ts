import {
  auditEntryParamsSchema,
  auditLogEntrySchema,
  exportAuditLog,
  exportAuditLogQuerySchema,
  getAuditEntry,
  listAuditLog,
  listAuditLogQuerySchema,
  listAuditLogResponseSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { liveMerchantScopeOf } from '../../http/authenticate';
import { sendCsvExport } from '../../http/csv-export';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createAuditLogService } from './audit-log.service';
import { createAuditLogPageRead } from './audit-log-page.repository';

const tags = ['audit'];
const security = BEARER_SECURITY;

/**
 * The audit log for the roles with audit:view. Operators read every entry; a Merchant user reads
 * the entries its own merchant's users made, by the merchant of its session (never an id it sends):
 * another merchant's entries are neither listed, exported nor found.
 */
export async function auditLogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = createAuditLogService({ pages: createAuditLogPageRead(ctx.db) });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listAuditLog.method,
    url: listAuditLog.path,
    schema: {
      tags,
      security,
      summary:
        'Audit entries, newest first (actor, action, entity type and id, IP, time range; keyset cursor). Merchant users see their own users’ entries.',
      querystring: listAuditLogQuerySchema,
      response: { 200: listAuditLogResponseSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('audit', 'view'),
    handler: (request) => service.list(request.query, liveMerchantScopeOf(request)),
  });

  api.route({
    method: exportAuditLog.method,
    url: exportAuditLog.path,
    schema: {
      tags,
      security,
      summary:
        'The filtered audit entries as CSV (text/csv, every matching row, newest first), streamed a page at a time',
      querystring: exportAuditLogQuerySchema,
      // A stream, which Fastify sends as it comes (no serializer runs on it).
      response: { 200: z.any().describe('CSV (text/csv), one line per entry'), ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('audit', 'view'),
    handler: async (request, reply) => {
      return sendCsvExport(reply, 'audit-log', service.csv(request.query, liveMerchantScopeOf(request)));
    },
  });

  api.route({
    method: getAuditEntry.method,
    url: getAuditEntry.path,
    schema: {
      tags,
      security,
      summary: 'One audit entry with its details',
      params: auditEntryParamsSchema,
      response: { 200: auditLogEntrySchema, ...errorResponses(401, 403, 404, 422) },
    },
    preHandler: ctx.auth.requirePermission('audit', 'view'),
    handler: (request) => service.get(request.params.id, liveMerchantScopeOf(request)),
  });
}
