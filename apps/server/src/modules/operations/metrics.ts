import { WALLET_PROVIDERS } from '@gerbang/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../app-context';
import { sqlRows } from '../../db/sql-rows';
import { isOnlineSql } from '../devices/devices.repository';
import { lastLedgerCheck } from '../ledger/ledger-check';
import { walletsOf } from '../wallets/wallets';

const rows = <T>(ctx: AppContext, query: SQL) => sqlRows<T>(ctx.db, query);

/** The process's own figures (CPU, memory, event loop, GC): one set per process, however many apps it runs. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'gerbang_' });
  }
  return processRegistry;
}

/**
 * The Prometheus metrics of one app (docs/operations.md says what each means). Request latencies
 * and webhook attempts are counted by this process; the gauges are read from the database when
 * scraped, so every instance reports the same fleet-wide figures. A composer: it reads the devices,
 * wallets and webhooks of the app without those modules knowing.
 */
function createMetrics(ctx: AppContext) {
  const registry = new Registry();

  const requestDuration = new Histogram({
    name: 'gerbang_http_request_duration_seconds',
    help: 'API request latency by route (the route pattern, not the URL), method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const webhookAttempts = new Counter({
    name: 'gerbang_webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts by this instance: delivered, retry_scheduled (failed, will retry) or failed (gave up)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  /** A gauge of counts by status, read when scraped; `always` are reported as 0 when none has that status. */
  const countsByStatus = (name: string, help: string, query: SQL, always: readonly string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const status of always) this.set({ status }, 0);
        for (const { status, count } of await rows<{ status: string; count: number }>(ctx, query)) {
          this.set({ status }, count);
        }
      },
    });
  countsByStatus(
    'gerbang_payment_sessions',
    'Payment sessions by status',
    sql`select status, count(*)::int as count from payment_sessions where livemode group by status`,
  );
  countsByStatus(
    'gerbang_webhook_events',
    'Webhook events in the outbox by status (pending includes those waiting for a retry)',
    // Live merchants' only: test mode's endpoints are merchants' development servers.
    sql`select status, count(*)::int as count from webhook_events
        where status in ('pending', 'failed') and merchant_id not in (select id from merchants where live_merchant_id is not null)
        group by status`,
    ['pending', 'failed'],
  );

  new Gauge({
    name: 'gerbang_webhook_outbox_lag_seconds',
    help: 'How long the oldest due webhook event has waited for delivery (0 when none is due)',
    registers: [registry],
    async collect() {
      const [lag] = await rows<{ seconds: number | null }>(
        ctx,
        sql`select extract(epoch from now() - min(next_attempt_at))::float8 as seconds
            from webhook_events where status = 'pending' and next_attempt_at <= now()
              and merchant_id not in (select id from merchants where live_merchant_id is not null)`,
      );
      this.set(Math.max(0, lag?.seconds ?? 0));
    },
  });

  new Gauge({
    name: 'gerbang_devices_online',
    help: 'Phones whose agent is connected and was seen within the presence timeout',
    registers: [registry],
    async collect() {
      const [online] = await rows<{ count: number }>(
        ctx,
        sql`select count(*)::int as count from devices where ${isOnlineSql}`,
      );
      this.set(online?.count ?? 0);
    },
  });

  new Gauge({
    name: 'gerbang_wallet_accounts_ready',
    help: 'Wallet accounts that may move money now (the dashboard cards: phone online, logged in, within limits), by provider',
    labelNames: ['provider'] as const,
    registers: [registry],
    async collect() {
      const wallets = walletsOf(ctx);
      const summaries = await Promise.all(WALLET_PROVIDERS.map((provider) => wallets.service.summary(provider)));
      for (const summary of summaries) this.set({ provider: summary.provider }, summary.ready);
    },
  });

  new Gauge({
    name: 'gerbang_ledger_invariant_violations',
    help: 'Invariants the ledger broke at its last scheduled check (0: sound; alert on anything above)',
    registers: [registry],
    async collect() {
      this.set((await lastLedgerCheck(ctx.db))?.violations ?? 0);
    },
  });

  return {
    /** Counts what the app announces (webhook attempts); registered by the composition root. */
    listen() {
      ctx.events.on('webhook.attempted', ({ outcome }) => webhookAttempts.inc({ outcome }));
    },
    /** The text a Prometheus scrape gets: this process's and this app's metrics. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
    /** Times every API request by its route pattern (unmatched URLs share one label). */
    observe(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        requestDuration.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? 'unmatched',
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

const all = new WeakMap<AppContext, Metrics>();

export function metricsOf(ctx: AppContext): Metrics {
  let metrics = all.get(ctx);
  if (!metrics) {
    metrics = createMetrics(ctx);
    all.set(ctx, metrics);
  }
  return metrics;
}
