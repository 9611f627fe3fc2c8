import {
  depositEvents,
  depositViewSchema,
  getDeposit,
  idParamsSchema,
  markDepositTransferred,
  selectDepositMethod,
  selectDepositMethodBodySchema,
  simulateDepositPayment,
  simulatePaymentBodySchema,
} from '@gerbang/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http/app-error';
import { errorResponses } from '../../http/route-schemas';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { walletsOf } from '../wallets/wallets';
import { instructionsFor, toDepositView } from './deposit-view';
import type { PaymentSessionRecord } from './payment-session-record';
import { paymentSessionsOf } from './payment-sessions';

const tags = ['customer-pages'];
/** A comment line every so often keeps proxies from closing a quiet event stream. */
const EVENT_STREAM_KEEPALIVE_MS = 25_000;

/** The customer's deposit page: public, keyed by the session id its link carries. */
export async function depositRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { repo, service, testPayments } = paymentSessionsOf(ctx);
  const merchants = createMerchantsRepository(ctx.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Open event streams end when the app closes, or closing would wait for every customer to leave.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  async function view(session: PaymentSessionRecord) {
    const merchant = await merchants.findById(session.merchantId);
    if (!merchant) throw notFound('Payment session');
    return toDepositView(session, merchant, await instructionsFor(session, repo));
  }
  async function find(id: string) {
    const session = await repo.findById(id);
    if (!session) throw notFound('Payment session');
    return session;
  }

  api.route({
    method: getDeposit.method,
    url: getDeposit.path,
    schema: {
      tags,
      summary: 'What the deposit page shows: amounts, state, methods, where to pay, and the server time',
      params: idParamsSchema,
      response: { 200: depositViewSchema, ...errorResponses(404, 422) },
    },
    handler: async (request) => view(await find(request.params.id)),
  });

  api.route({
    method: selectDepositMethod.method,
    url: selectDepositMethod.path,
    schema: {
      tags,
      summary: 'The customer chooses a method: an account of it and a unique final amount (409 when none can take it)',
      params: idParamsSchema,
      body: selectDepositMethodBodySchema,
      response: { 200: depositViewSchema, ...errorResponses(404, 409, 422) },
    },
    handler: async (request) => view(await service.selectMethod(request.params.id, request.body.method)),
  });

  api.route({
    method: markDepositTransferred.method,
    url: markDepositTransferred.path,
    schema: {
      tags,
      summary: "'I Have Transferred': processing, and the account's phone reads its history at once",
      params: idParamsSchema,
      response: { 200: depositViewSchema, ...errorResponses(404, 409, 422) },
    },
    handler: async (request) => {
      const session = await service.markTransferred(request.params.id);
      if (session.walletAccountId) {
        // Best effort: the sweep and the phone's own reports find the transfer anyway.
        walletsOf(ctx)
          .checks.start({ trigger: 'schedule' }, [session.walletAccountId], 'transaction_history')
          .catch((error) => ctx.logger.warn({ err: error }, 'history read after I Have Transferred failed'));
      }
      return view(session);
    },
  });

  api.route({
    method: simulateDepositPayment.method,
    url: simulateDepositPayment.path,
    schema: {
      tags,
      summary:
        "Test mode's provider pays (or not) a test session: paid, paid late, wrong amount, failed (403 FORBIDDEN on a live session)",
      params: idParamsSchema,
      body: simulatePaymentBodySchema,
      response: { 200: depositViewSchema, ...errorResponses(403, 404, 409, 422) },
    },
    handler: async (request) => view(await testPayments.simulate(request.params.id, request.body.outcome)),
  });

  api.route({
    method: depositEvents.method,
    url: depositEvents.path,
    schema: {
      tags,
      summary: 'Server-sent events: `status` each time the session moves',
      params: idParamsSchema,
      response: errorResponses(404, 422),
    },
    handler: async (request, reply) => {
      const session = await find(request.params.id);
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const write = (status: string) => reply.raw.write(`event: status\ndata: ${JSON.stringify({ status })}\n\n`);
      write(session.status);
      const off = ctx.events.on('payment_session.changed', (change) => {
        if (change.sessionId === session.id) write(change.status);
      });
      const keepalive = setInterval(() => reply.raw.write(': keepalive\n\n'), EVENT_STREAM_KEEPALIVE_MS);
      const end = () => {
        off();
        clearInterval(keepalive);
        streams.delete(end);
        reply.raw.end();
      };
      streams.add(end);
      reply.raw.on('close', end);
    },
  });
}
