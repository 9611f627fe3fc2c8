import { Readable } from 'node:stream';
import {
  exportMerchantStatement,
  formatAmount,
  getApiBalance,
  type MerchantBalance,
  merchantBalanceSchema,
  merchantStatementQuerySchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { balanceExample, withExample } from '../../http/api-examples';
import { invalidFields, notFound } from '../../http/app-error';
import { merchantScopeOf } from '../../http/authenticate';
import { apiErrorResponses, BEARER_SECURITY, errorResponses } from '../../http/route-schemas';
import { API_TOKEN_SECURITY, createApiTokenGuard, requireApiCaller } from '../api-tokens/api-token-guard';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { merchantBalances } from './ledger';
import { merchantStatementCsv, merchantStatementLines } from './merchant-statement';
import { merchantStatementPdf } from './statement-pdf';

/** The merchant API's view of the ledger, and the merchant's statement. */
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
      response: { 200: withExample(merchantBalanceSchema, balanceExample), ...apiErrorResponses() },
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

  api.route({
    method: exportMerchantStatement.method,
    url: exportMerchantStatement.path,
    schema: {
      tags: ['ledger'],
      security: BEARER_SECURITY,
      summary:
        "A merchant's statement for [from, to) as CSV or PDF (format): opening balance, every movement of its available balance with the balance after it, closing balance. Merchant users get their own; Admins name the merchant.",
      querystring: merchantStatementQuerySchema,
      response: {
        200: z.any().describe('CSV (text/csv) or PDF (application/pdf)'),
        ...errorResponses(401, 403, 404, 422),
      },
    },
    preHandler: ctx.auth.requirePermission('transactions', 'view'),
    handler: async (request, reply) => {
      const merchantId = merchantScopeOf(request) ?? request.query.merchantId;
      if (!merchantId) throw invalidFields({ 'querystring.merchantId': 'Name the merchant' });
      const merchant = await merchantsRepo.findById(merchantId);
      if (!merchant) throw notFound('Merchant');
      const { from, to, format, language } = request.query;
      const name = `statement-${merchant.code}-${from.slice(0, 10)}-${to.slice(0, 10)}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      if (format === 'pdf') {
        const lines = merchantStatementLines(ctx.db, merchant, { from, to });
        const header = {
          merchantName: merchant.name,
          merchantCode: merchant.code,
          currency: merchant.currency,
          testMode: merchant.liveMerchantId !== null,
        };
        return reply
          .header('content-type', 'application/pdf')
          .send(merchantStatementPdf(lines, { ...header, from, to, language }));
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .send(Readable.from(merchantStatementCsv(ctx.db, merchant, { from, to })));
    },
  });
}
