import type { AppContext } from '../../app-context';
import { createSecretBox } from '../../crypto/secret-box';
import { createWebhookDelivery, type WebhookDelivery } from './webhook-delivery';
import { createWebhookFetch } from './webhook-destination';
import { disableFailingEndpoints } from './webhook-endpoint-health';

const all = new WeakMap<AppContext, WebhookDelivery>();

/**
 * The webhook delivery of one app: started when the app is ready, stopped before it closes, and
 * woken whenever a payment session changes (registerWebhookWork: its event is in the outbox by then).
 */
export function webhooksOf(ctx: AppContext): WebhookDelivery {
  const existing = all.get(ctx);
  if (existing) return existing;
  const delivery = createWebhookDelivery({
    db: ctx.db,
    secretBox: createSecretBox(ctx.config.ENCRYPTION_KEYS),
    logger: ctx.logger,
    retryDelaysSeconds: ctx.config.WEBHOOK_RETRY_DELAYS_SECONDS,
    timeoutMs: ctx.config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    fetch: createWebhookFetch(ctx.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS),
    onAttempt: (outcome) => ctx.events.emit('webhook.attempted', { outcome }),
  });
  all.set(ctx, delivery);
  return delivery;
}

const DISABLE_CHECK_EVERY_MS = 60 * 60_000;

/**
 * Wakes the delivery whenever a payment session changed (its event is in the outbox by then), and
 * disables, by the hour across instances, the endpoints that failed for WEBHOOK_DISABLE_AFTER_DAYS.
 */
export function registerWebhookWork(ctx: AppContext, delivery: WebhookDelivery): void {
  ctx.events.on('payment_session.changed', () => void delivery.kick());
  const days = ctx.config.WEBHOOK_DISABLE_AFTER_DAYS;
  if (days === 0) return;
  ctx.scheduler.every('webhooks.disable-failing-endpoints', DISABLE_CHECK_EVERY_MS, async () => {
    await disableFailingEndpoints(
      { db: ctx.db, mailer: ctx.mailer, logger: ctx.logger, merchantConsoleUrl: ctx.config.MERCHANT_CONSOLE_URL },
      days,
    );
  });
}
