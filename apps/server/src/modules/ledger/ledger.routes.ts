import { formatAmount, getApiBalance, type MerchantBalance, merchantBalanceSchema } from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http/app-error';
import { errorResponses } from '../../http/route-schemas';
import { API_TOKEN_SECURITY, createApiTokenGuard, requireApiCaller } from '../api-tokens/api-token-guard';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { merchantBalances } from './ledger';

/** The merchant API's view of the ledger. */
export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guard = createApiTokenGuard(ctx);
  const merchantsRepo = createMerchantsRepository(ctx.db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: getApiBalance.method,
    url: getApiBalance.path,
    schema: {
      tags: ['merchant-api'],
      security: API_TOKEN_SECURITY,
      summary: "The merchant's available and pending balance, from the ledger (scope balance:read)",
      response: { 200: merchantBalanceSchema, ...errorResponses(401, 403) },
    },
    onRequest: guard('balance:read'),
    handler: async (request): Promise<MerchantBalance> => {
      const { merchantId } = requireApiCaller(request);
      const merchant = await merchantsRepo.findById(merchantId);
      if (!merchant) throw notFound('Merchant');
      const balances = await merchantBalances(ctx.db, merchantId, merchant.currency);
      return {
        currency: merchant.currency,
        available: formatAmount(balances.availableMinor, merchant.currency),
        pending: formatAmount(balances.pendingMinor, merchant.currency),
      };
    },
  });
}
