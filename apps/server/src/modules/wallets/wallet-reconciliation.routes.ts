import {
  getWalletReconciliation,
  idParamsSchema,
  listReconciliationTransfers,
  reconciliationQuerySchema,
  reconciliationTransfersResponseSchema,
  walletReconciliationResponseSchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { createWalletReconciliation } from './wallet-reconciliation';

const tags = ['wallets'];

/** Reconciliation of the wallet accounts per day (operators who see accounts: wallets view). */
export async function walletReconciliationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const reconciliation = createWalletReconciliation(ctx.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: getWalletReconciliation.method,
    url: getWalletReconciliation.path,
    schema: {
      tags,
      security: BEARER_SECURITY,
      summary:
        "Each account's day: how much its phone's reported balance moved against the ledger's cash over the same readings; a difference is flagged",
      querystring: reconciliationQuerySchema,
      response: { 200: walletReconciliationResponseSchema, ...errorResponses(401, 403, 422) },
    },
    preHandler: ctx.auth.requirePermission('wallets', 'view'),
    handler: async (request) => ({ items: await reconciliation.day(request.query.date) }),
  });

  api.route({
    method: listReconciliationTransfers.method,
    url: listReconciliationTransfers.path,
    schema: {
      tags,
      security: BEARER_SECURITY,
      summary: "The transfers behind an account's day: those between its opening and closing readings (at most 500)",
      params: idParamsSchema,
      querystring: reconciliationQuerySchema,
      response: { 200: reconciliationTransfersResponseSchema, ...errorResponses(401, 403, 404, 422) },
    },
    preHandler: ctx.auth.requirePermission('wallets', 'view'),
    handler: async (request) => ({
      items: await reconciliation.transfers(request.params.id, request.query.date),
    }),
  });
}
