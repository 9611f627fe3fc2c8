import {
  checkProxy,
  createProxy,
  createProxyBodySchema,
  deleteProxy,
  getProxy,
  idParamsSchema,
  importProxies,
  importProxiesBodySchema,
  importProxiesResponseSchema,
  listProxies,
  listProxiesQuerySchema,
  listProxiesResponseSchema,
  noContentSchema,
  proxyResponseSchema,
  updateProxy,
  updateProxyBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestActor } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { proxiesOf } from './proxies';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['proxies'];
const security = BEARER_SECURITY;

export async function proxiesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = proxiesOf(ctx);

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: listProxies.method,
    url: listProxies.path,
    schema: {
      tags,
      security,
      summary: 'List proxies (search, type and check-status filters)',
      querystring: listProxiesQuerySchema,
      response: { 200: listProxiesResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('proxies', 'view'),
    handler: (request) => service.list(request.query),
  });

  api.route({
    method: createProxy.method,
    url: createProxy.path,
    schema: {
      tags,
      security,
      summary: 'Add a proxy (the password is stored encrypted and never returned)',
      body: createProxyBodySchema,
      response: { 201: proxyResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('proxies', 'create'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requestActor(request), request.body)),
  });

  api.route({
    method: importProxies.method,
    url: importProxies.path,
    schema: {
      tags,
      security,
      summary: 'Bulk import: one host:port[:user:pass] per line; valid lines are created, bad ones reported',
      body: importProxiesBodySchema,
      response: { 200: importProxiesResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('proxies', 'create'),
    handler: (request) => service.import(requestActor(request), request.body),
  });

  api.route({
    method: getProxy.method,
    url: getProxy.path,
    schema: {
      tags,
      security,
      summary: 'One proxy',
      params: idParamsSchema,
      response: { 200: proxyResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('proxies', 'view'),
    handler: (request) => service.get(request.params.id),
  });

  api.route({
    method: updateProxy.method,
    url: updateProxy.path,
    schema: {
      tags,
      security,
      summary: 'Edit a proxy (password: absent keeps it, null clears it)',
      params: idParamsSchema,
      body: updateProxyBodySchema,
      response: { 200: proxyResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('proxies', 'update'),
    handler: (request) => service.update(requestActor(request), request.params.id, request.body),
  });

  api.route({
    method: deleteProxy.method,
    url: deleteProxy.path,
    schema: {
      tags,
      security,
      summary: 'Delete a proxy',
      params: idParamsSchema,
      response: { 204: noContentSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('proxies', 'delete'),
    handler: async (request, reply) => {
      await service.remove(requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  api.route({
    method: checkProxy.method,
    url: checkProxy.path,
    schema: {
      tags,
      security,
      summary: 'Check the proxy now: fetch the check URL through it and record status, latency and exit IP',
      params: idParamsSchema,
      response: { 200: proxyResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('proxies', 'operate'),
    handler: (request) => service.check(requestActor(request), request.params.id),
  });
}
