import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BODY_LIMIT_BYTES } from '@gerbang/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppContext, createAppContext } from './app-context';
import { registerBackgroundWork } from './background-work';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { clientErrorHandler } from './http/client-errors';
import { frameworkErrors, registerErrorHandlers } from './http/error-handler';
import { openapiWebhooks } from './http/openapi-webhooks';
import { responseSerializerCompiler } from './http/response-serializer';
import { registerSecurityHeaders } from './http/security-headers';
import { attachAgents } from './modules/agents/agents';
import { alertsOf } from './modules/alerts/alerts';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { registerApiLogRecording } from './modules/api-logs/api-logs';
import { apiLogsRoutes } from './modules/api-logs/api-logs.routes';
import { apiRateLimitsOf } from './modules/api-tokens/api-token-guard';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { auditLogRoutes } from './modules/audit/audit-log.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { countriesRoutes } from './modules/countries/countries.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import type { Mailer } from './modules/mail/mailer';
import { merchantDashboardRoutes } from './modules/merchant-dashboard/merchant-dashboard.routes';
import { merchantTeamRoutes } from './modules/merchant-team/merchant-team.routes';
import { teamApprovalsRoutes } from './modules/merchant-team/team-approvals.routes';
import { merchantsRoutes } from './modules/merchants/merchants.routes';
import { metricsOf } from './modules/operations/metrics';
import { operationsRoutes } from './modules/operations/operations.routes';
import { paymentClaimsRoutes } from './modules/payment-claims/payment-claims.routes';
import { depositRoutes } from './modules/payment-sessions/deposit.routes';
import { depositTransfersRoutes } from './modules/payment-sessions/deposit-transfers.routes';
import { paymentLinksRoutes } from './modules/payment-sessions/payment-links.routes';
import { paymentSessionsOf } from './modules/payment-sessions/payment-sessions';
import { paymentSessionsRoutes } from './modules/payment-sessions/payment-sessions.routes';
import { proxiesRoutes } from './modules/proxies/proxies.routes';
import { attachRealtime } from './modules/realtime/realtime';
import { refundsRoutes } from './modules/refunds/refunds.routes';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes';
import { secondFactorRoutes } from './modules/second-factor/second-factor.routes';
import { usersRoutes } from './modules/users/users.routes';
import { walletReconciliationRoutes } from './modules/wallets/wallet-reconciliation.routes';
import { walletsRoutes } from './modules/wallets/wallets.routes';
import { webhookEndpointRoutes } from './modules/webhooks/webhook-endpoint.routes';
import { webhooksOf } from './modules/webhooks/webhooks';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { customerWithdrawalsRoutes } from './modules/withdrawals/customer-withdrawals.routes';
import { payoutExceptionsRoutes } from './modules/withdrawals/payout-exceptions.routes';
import { payoutMethodsRoutes } from './modules/withdrawals/payout-methods.routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
};

/**
 * Builds the API + realtime app without listening: main.ts listens, tests use inject() or
 * listen on port 0. The database must already be migrated.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorateRequest('auth', null);
  app.decorateRequest('apiCaller', null);
  // JSON only: any other body type is refused with 415 rather than parsed as text.
  app.removeContentTypeParser('text/plain');

  const ctx = createAppContext({ config, database: options.database, logger: app.log, mailer: options.mailer });
  app.decorate('ctx', ctx);

  registerErrorHandlers(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app);
  await app.register(cors, {
    origin: config.CORS_ORIGINS,
    credentials: true,
    // @fastify/cors allows only GET, HEAD and POST unless told otherwise; the consoles PATCH and DELETE.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // content-disposition: the console saves a CSV export under the name the server gives it.
    exposedHeaders: ['retry-after', 'x-request-id', 'content-disposition'],
    // A console built to call the API on another origin: the browser may reuse a preflight's answer
    // for a URL two hours (Chromium's cap) instead of five seconds, one round trip less a call.
    maxAge: 7200,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      webhooks: openapiWebhooks(),
      info: { title: 'Gerbang API', version: '0.1.0', description: 'Payment-gateway back-office API' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The merchant API (/v1): a merchant's API token, created in the merchant console.
          apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'gbk_…' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  metricsOf(ctx).observe(app);
  registerApiLogRecording(app, ctx);

  await app.register(async (api) => {
    await operationsRoutes(api, ctx);
    await authRoutes(api, ctx);
    await secondFactorRoutes(api, ctx);
    await usersRoutes(api, ctx);
    await countriesRoutes(api, ctx);
    await devicesRoutes(api, ctx);
    await proxiesRoutes(api, ctx);
    await walletsRoutes(api, ctx);
    await walletReconciliationRoutes(api, ctx);
    await merchantsRoutes(api, ctx);
    await apiTokensRoutes(api, ctx);
    await ledgerRoutes(api, ctx);
    await paymentSessionsRoutes(api, ctx);
    await depositRoutes(api, ctx);
    await paymentClaimsRoutes(api, ctx);
    await paymentLinksRoutes(api, ctx);
    await depositTransfersRoutes(api, ctx);
    await webhooksRoutes(api, ctx);
    await merchantDashboardRoutes(api, ctx);
    await payoutMethodsRoutes(api, ctx);
    await withdrawalsRoutes(api, ctx);
    await customerWithdrawalsRoutes(api, ctx);
    await refundsRoutes(api, ctx);
    await payoutExceptionsRoutes(api, ctx);
    await auditLogRoutes(api, ctx);
    await alertsRoutes(api, ctx);
    await merchantTeamRoutes(api, ctx);
    await teamApprovalsRoutes(api, ctx);
    await savedViewsRoutes(api, ctx);
    await apiLogsRoutes(api, ctx);
    await analyticsRoutes(api, ctx);
    await webhookEndpointRoutes(api, ctx);
  });

  registerBackgroundWork(ctx);
  attachRealtime(app, ctx);
  attachAgents(app, ctx);
  paymentSessionsOf(ctx).bind(app.realtime);
  alertsOf(ctx).bind(app.realtime);
  const webhooks = webhooksOf(ctx);
  app.addHook('onReady', async () => {
    await ctx.scheduler.start();
    webhooks.start();
  });
  app.addHook('preClose', async () => {
    await ctx.scheduler.stop();
    await webhooks.stop();
  });
  app.addHook('onClose', async () => {
    ctx.mailer.close();
    apiRateLimitsOf(ctx).close();
  });
  return app;
}
