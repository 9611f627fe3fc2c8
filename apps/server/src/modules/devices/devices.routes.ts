import {
  deviceBusyStatusMapSchema,
  devicePageQuerySchema,
  deviceResponseSchema,
  deviceSummarySchema,
  deviceWithTokenSchema,
  disableDevice,
  enableDevice,
  getDevice,
  getDeviceBusyStatusMap,
  getDeviceSummary,
  idParamsSchema,
  listDeviceConnections,
  listDeviceConnectionsResponseSchema,
  listDevices,
  listDevicesQuerySchema,
  listDevicesResponseSchema,
  registerDevice,
  registerDeviceBodySchema,
  rotateDeviceToken,
  updateDevice,
  updateDeviceBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestActor } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { healthChecksRoutes } from '../health-checks/health-checks.routes';
import { fleetOf } from './fleet';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['devices'];
const security = BEARER_SECURITY;

export async function devicesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const fleet = fleetOf(ctx);
  const service = fleet.service;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const view = ctx.auth.requirePermission('devices', 'view');

  api.route({
    method: listDevices.method,
    url: listDevices.path,
    schema: {
      tags,
      security,
      summary: 'The whole fleet, filtered and sorted',
      querystring: listDevicesQuerySchema,
      response: { 200: listDevicesResponseSchema, ...errors },
    },
    preHandler: view,
    handler: (request) => service.list(request.query),
  });

  api.route({
    method: getDeviceSummary.method,
    url: getDeviceSummary.path,
    schema: { tags, security, summary: 'Fleet counts', response: { 200: deviceSummarySchema, ...errors } },
    preHandler: view,
    handler: () => service.summary(),
  });

  api.route({
    method: getDeviceBusyStatusMap.method,
    url: getDeviceBusyStatusMap.path,
    schema: {
      tags,
      security,
      summary: 'Device id → busy flag',
      response: { 200: deviceBusyStatusMapSchema, ...errors },
    },
    preHandler: view,
    handler: () => service.busyMap(),
  });

  api.route({
    method: getDevice.method,
    url: getDevice.path,
    schema: {
      tags,
      security,
      summary: 'One device',
      params: idParamsSchema,
      response: { 200: deviceResponseSchema, ...errors },
    },
    preHandler: view,
    handler: (request) => service.get(request.params.id),
  });

  api.route({
    method: registerDevice.method,
    url: registerDevice.path,
    schema: {
      tags,
      security,
      summary: 'Register a device; its agent token is returned this once',
      body: registerDeviceBodySchema,
      response: { 201: deviceWithTokenSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('devices', 'create'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.register(requestActor(request), request.body)),
  });

  api.route({
    method: updateDevice.method,
    url: updateDevice.path,
    schema: {
      tags,
      security,
      summary: 'Edit a device’s name, label or notes',
      params: idParamsSchema,
      body: updateDeviceBodySchema,
      response: { 200: deviceResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('devices', 'update'),
    handler: (request) => service.update(requestActor(request), request.params.id, request.body),
  });

  api.route({
    method: rotateDeviceToken.method,
    url: rotateDeviceToken.path,
    schema: {
      tags,
      security,
      summary: 'New agent token (shown once); the old one stops working and the agent is dropped',
      params: idParamsSchema,
      response: { 200: deviceWithTokenSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('devices', 'operate'),
    handler: (request) => service.rotateToken(requestActor(request), request.params.id),
  });

  const actions = [
    [disableDevice, 'Disable a device: its agent is dropped and refused until enabled', service.disable],
    [enableDevice, 'Enable a disabled device', service.enable],
  ] as const;
  for (const [endpoint, summary, run] of actions) {
    api.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: { tags, security, summary, params: idParamsSchema, response: { 200: deviceResponseSchema, ...errors } },
      preHandler: ctx.auth.requirePermission('devices', 'operate'),
      handler: (request) => run(requestActor(request), request.params.id),
    });
  }

  api.route({
    method: listDeviceConnections.method,
    url: listDeviceConnections.path,
    schema: {
      tags,
      security,
      summary: 'The device’s connection log, newest first',
      params: idParamsSchema,
      querystring: devicePageQuerySchema,
      response: { 200: listDeviceConnectionsResponseSchema, ...errors },
    },
    preHandler: view,
    handler: (request) => service.connections(request.params.id, request.query),
  });

  await healthChecksRoutes(app, ctx, fleet.healthChecks);
}
