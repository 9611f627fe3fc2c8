import {
  createWallet,
  createWalletBodySchema,
  deleteWallet,
  disableWallet,
  disableWalletBodySchema,
  enableWallet,
  getWallet,
  getWalletSummary,
  idParamsSchema,
  listWallets,
  listWalletsQuerySchema,
  listWalletsResponseSchema,
  noContentSchema,
  setWalletCredentials,
  setWalletCredentialsBodySchema,
  setWalletProxy,
  setWalletProxyBodySchema,
  updateWallet,
  updateWalletBodySchema,
  walletResponseSchema,
  walletSummaryQuerySchema,
  walletSummarySchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requestActor } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { walletChecksRoutes } from './wallet-checks.routes';
import { walletLoginRoutes } from './wallet-login.routes';
import { walletsOf } from './wallets';

const errors = errorResponses(401, 403, 404, 409, 422);
const tags = ['wallets'];
const security = BEARER_SECURITY;

/** REST under /wallets: accounts, their checks, transaction logs, QR and login (permission area `wallets`). */
export async function walletsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const wallets = walletsOf(ctx);
  const service = wallets.service;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const view = ctx.auth.requirePermission('wallets', 'view');
  const update = ctx.auth.requirePermission('wallets', 'update');
  const operate = ctx.auth.requirePermission('wallets', 'operate');

  api.route({
    method: listWallets.method,
    url: listWallets.path,
    schema: {
      tags,
      security,
      summary: 'Wallet and bank accounts, filtered, sorted, keyset-paged',
      querystring: listWalletsQuerySchema,
      response: { 200: listWalletsResponseSchema, ...errors },
    },
    preHandler: view,
    handler: (request) => {
      const { login, health, ...rest } = request.query;
      return service.list({ ...rest, loginStatus: login, healthState: health });
    },
  });

  api.route({
    method: getWalletSummary.method,
    url: getWalletSummary.path,
    schema: {
      tags,
      security,
      summary: 'One provider’s counts and total balance (the dashboard cards)',
      querystring: walletSummaryQuerySchema,
      response: { 200: walletSummarySchema, ...errors },
    },
    preHandler: view,
    handler: (request) => service.summary(request.query.provider),
  });

  api.route({
    method: getWallet.method,
    url: getWallet.path,
    schema: {
      tags,
      security,
      summary: 'One account, with its readiness and latest checks',
      params: idParamsSchema,
      response: { 200: walletResponseSchema, ...errors },
    },
    preHandler: view,
    handler: (request) => service.view(request.params.id),
  });

  api.route({
    method: createWallet.method,
    url: createWallet.path,
    schema: {
      tags,
      security,
      summary: 'Add an account on a phone (credentials are stored encrypted and never returned)',
      body: createWalletBodySchema,
      response: { 201: walletResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('wallets', 'create'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(requestActor(request), request.body)),
  });

  api.route({
    method: updateWallet.method,
    url: updateWallet.path,
    schema: {
      tags,
      security,
      summary: 'Edit an account; moving it to another phone or number signs it out',
      params: idParamsSchema,
      body: updateWalletBodySchema,
      response: { 200: walletResponseSchema, ...errors },
    },
    preHandler: update,
    handler: (request) => service.update(requestActor(request), request.params.id, request.body),
  });

  api.route({
    method: setWalletCredentials.method,
    url: setWalletCredentials.path,
    schema: {
      tags,
      security,
      summary: 'Replace credentials (write-only; the others are kept; audited without values)',
      params: idParamsSchema,
      body: setWalletCredentialsBodySchema,
      response: { 200: walletResponseSchema, ...errors },
    },
    preHandler: update,
    handler: (request) => service.setCredentials(requestActor(request), request.params.id, request.body),
  });

  api.route({
    method: setWalletProxy.method,
    url: setWalletProxy.path,
    schema: {
      tags,
      security,
      summary: 'Select the proxy the account goes out through (one whose last check succeeded), or none',
      params: idParamsSchema,
      body: setWalletProxyBodySchema,
      response: { 200: walletResponseSchema, ...errors },
    },
    preHandler: update,
    handler: (request) => service.setProxy(requestActor(request), request.params.id, request.body.proxyId),
  });

  api.route({
    method: disableWallet.method,
    url: disableWallet.path,
    schema: {
      tags,
      security,
      summary: 'Disable an account (it stops moving money)',
      params: idParamsSchema,
      body: disableWalletBodySchema,
      response: { 200: walletResponseSchema, ...errors },
    },
    preHandler: operate,
    handler: (request) => service.disable(requestActor(request), request.params.id, request.body.reason),
  });

  api.route({
    method: enableWallet.method,
    url: enableWallet.path,
    schema: {
      tags,
      security,
      summary: 'Enable a disabled or auto-disabled account (its failure count starts afresh)',
      params: idParamsSchema,
      response: { 200: walletResponseSchema, ...errors },
    },
    preHandler: operate,
    handler: (request) => service.enable(requestActor(request), request.params.id),
  });

  api.route({
    method: deleteWallet.method,
    url: deleteWallet.path,
    schema: {
      tags,
      security,
      summary: 'Delete an account that never moved money (others: 409, disable them instead)',
      params: idParamsSchema,
      response: { 204: noContentSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('wallets', 'delete'),
    handler: async (request, reply) => {
      await service.remove(requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  await walletChecksRoutes(app, ctx, wallets);
  await walletLoginRoutes(app, ctx, wallets);
}
