import type { AppContext } from '../../app-context';
import { createSecretBox } from '../../crypto/secret-box';
import { createWebhookDelivery, type WebhookDelivery } from './webhook-delivery';
import { createWebhookFetch } from './webhook-destination';

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

/** Wakes the delivery whenever a payment session changed (its event is in the outbox by then). */
export function registerWebhookWork(ctx: AppContext, delivery: WebhookDelivery): void {
  ctx.events.on('payment_session.changed', () => void delivery.kick());
}
