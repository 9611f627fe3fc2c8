import {
  getWalletQrCode,
  idParamsSchema,
  listWalletChecks,
  listWalletChecksResponseSchema,
  listWalletTransactions,
  listWalletTransactionsResponseSchema,
  runWalletChecks,
  runWalletChecksBodySchema,
  runWalletChecksResponseSchema,
  walletPageQuerySchema,
  walletQrCodeSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/authenticate';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import type { Wallets } from './wallets';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['wallets'];
const security = BEARER_SECURITY;

export async function walletChecksRoutes(app: FastifyInstance, ctx: AppContext, wallets: Wallets) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const view = ctx.auth.requirePermission('wallets', 'view');

  api.route({
    method: runWalletChecks.method,
    url: runWalletChecks.path,
    schema: {
      tags,
      security,
      summary: 'Run a wallet check (or fetch the QR) on accounts; each starts CHECKING at once',
      body: runWalletChecksBodySchema,
      response: { 200: runWalletChecksResponseSchema, ...errors },
    },
    preHandler: ctx.auth.requirePermission('wallets', 'operate'),
    handler: (request) =>
      wallets.checks.start(
        { trigger: 'user', userId: requireAuth(request).userId, ip: request.ip },
        request.body.accountIds,
        request.body.type,
      ),
  });

  api.route({
    method: listWalletChecks.method,
    url: listWalletChecks.path,
    schema: {
      tags,
      security,
      summary: 'The account’s check runs, newest first',
      params: idParamsSchema,
      querystring: walletPageQuerySchema,
      response: { 200: listWalletChecksResponseSchema, ...errors },
    },
    preHandler: view,
    handler: (request) => wallets.checks.history(request.params.id, request.query),
  });

  api.route({
    method: listWalletTransactions.method,
    url: listWalletTransactions.path,
    schema: {
      tags,
      security,
      summary: 'The account’s transaction log as the phone reported it, newest first',
      params: idParamsSchema,
      querystring: walletPageQuerySchema,
      response: { 200: listWalletTransactionsResponseSchema, ...errors },
    },
    preHandler: view,
    handler: (request) => wallets.transactions.list(request.params.id, request.query),
  });

  api.route({
    method: getWalletQrCode.method,
    url: getWalletQrCode.path,
    schema: {
      tags,
      security,
      summary: 'The receive QR last fetched from the phone, and how the last fetch went',
      params: idParamsSchema,
      response: { 200: walletQrCodeSchema, ...errors },
    },
    preHandler: view,
    handler: (request) => wallets.checks.qrCode(request.params.id),
  });
}
