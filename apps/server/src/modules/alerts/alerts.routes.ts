import {
  acknowledgeAlert,
  alertRuleParamsSchema,
  alertRuleSchema,
  alertSchema,
  emptyBodySchema,
  idParamsSchema,
  listAlertRules,
  listAlertRulesResponseSchema,
  listAlerts,
  listAlertsQuerySchema,
  listAlertsResponseSchema,
  snoozeAlert,
  snoozeAlertBodySchema,
  updateAlertRule,
  updateAlertRuleBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { alertsOf } from './alerts';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['alerts'];
const security = BEARER_SECURITY;
const actorOf = (request: FastifyRequest) => ({ userId: requireAuth(request).userId, ip: request.ip });

/** The notification centre (the bell and the Alerts page) and the rules behind it. */
export async function alertsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { service } = alertsOf(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listAlerts.method,
    url: listAlerts.path,
    schema: {
      tags,
      security,
      summary: 'Active alerts (open and acknowledged, newest first) or the last 100 resolved, and the bell count',
      querystring: listAlertsQuerySchema,
      response: { 200: listAlertsResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('alerts', 'view'),
    handler: (request) => service.list(request.query.state),
  });

  api.route({
    method: acknowledgeAlert.method,
    url: acknowledgeAlert.path,
    schema: {
      tags,
      security,
      summary: "Someone is on it: the alert leaves the bell's count (it resolves itself when its condition clears)",
      params: idParamsSchema,
      body: emptyBodySchema.nullish(),
      response: { 200: alertSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('alerts', 'operate'),
    handler: (request) => service.acknowledge(actorOf(request), request.params.id),
  });

  api.route({
    method: snoozeAlert.method,
    url: snoozeAlert.path,
    schema: {
      tags,
      security,
      summary: "Leave the bell's count for a number of minutes (at most a day)",
      params: idParamsSchema,
      body: snoozeAlertBodySchema,
      response: { 200: alertSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('alerts', 'operate'),
    handler: (request) => service.snooze(actorOf(request), request.params.id, request.body.minutes),
  });

  api.route({
    method: listAlertRules.method,
    url: listAlertRules.path,
    schema: {
      tags,
      security,
      summary: 'Every alert rule with its threshold (the defaults until changed)',
      response: { 200: listAlertRulesResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('alerts', 'view'),
    handler: async () => ({ items: await service.rules() }),
  });

  api.route({
    method: updateAlertRule.method,
    url: updateAlertRule.path,
    schema: {
      tags,
      security,
      summary: 'Turn a rule on or off and set its threshold (minutes, or balance floors per currency)',
      params: alertRuleParamsSchema,
      body: updateAlertRuleBodySchema,
      response: { 200: alertRuleSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('alerts', 'update'),
    handler: (request) => service.updateRule(actorOf(request), request.params.kind, request.body),
  });
}
