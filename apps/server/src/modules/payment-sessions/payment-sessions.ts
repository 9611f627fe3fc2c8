import type { AppContext } from '../../app-context';
import { createIdempotency } from '../idempotency/idempotency';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import { createWalletsRepository } from '../wallets/wallets.repository';
import { createPaymentSessionsRepository, type PaymentSessionsRepository } from './payment-sessions.repository';
import { createPaymentSessionsService, type PaymentSessionsService } from './payment-sessions.service';

/** How often the session deadlines are swept (once per interval across instances). */
const DEADLINE_SWEEP_MS = 5_000;
const IDEMPOTENCY_SWEEP_MS = 60 * 60_000;

export type PaymentSessions = { repo: PaymentSessionsRepository; service: PaymentSessionsService };

const all = new WeakMap<AppContext, PaymentSessions>();

/** The payment-session parts of one app, built once and shared by its routes and jobs. */
export function paymentSessionsOf(ctx: AppContext): PaymentSessions {
  const existing = all.get(ctx);
  if (existing) return existing;
  const repo = createPaymentSessionsRepository(ctx.db);
  const idempotency = createIdempotency(ctx.db);
  const service = createPaymentSessionsService({
    db: ctx.db,
    repo,
    merchants: createMerchantsRepository(ctx.db),
    wallets: createWalletsRepository(ctx.db),
    idempotency,
    customerPagesUrl: ctx.config.ADMIN_CONSOLE_URL,
    onChange: (row, from) =>
      ctx.events.emit('payment_session.changed', {
        sessionId: row.id,
        merchantId: row.merchantId,
        status: row.status,
        from,
      }),
  });
  ctx.scheduler.every('payment-sessions.deadline-sweep', DEADLINE_SWEEP_MS, async () => {
    await service.sweepDeadlines();
  });
  ctx.scheduler.every('payment-sessions.idempotency-sweep', IDEMPOTENCY_SWEEP_MS, async () => {
    await idempotency.sweep();
  });
  const parts = { repo, service };
  all.set(ctx, parts);
  return parts;
}
