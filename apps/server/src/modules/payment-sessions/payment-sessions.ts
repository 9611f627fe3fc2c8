import type { AppContext } from '../../app-context';
import { createIdempotency } from '../idempotency/idempotency';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import type { Broadcaster } from '../realtime/broadcaster';
import { createWalletsRepository } from '../wallets/wallets.repository';
import { CLOCK_SKEW_SECONDS, createDepositMatching, type DepositMatching } from './deposit-matching';
import { createDepositReviewsService, type DepositReviewsService } from './deposit-reviews.service';
import { createDepositTransfersRepository } from './deposit-transfers.repository';
import { createPaymentSessionDetail, type PaymentSessionDetailReader } from './payment-session-detail';
import { createPaymentSessionsRepository, type PaymentSessionsRepository } from './payment-sessions.repository';
import { createPaymentSessionsService, type PaymentSessionsService } from './payment-sessions.service';

/** How often the session deadlines and the unconsidered transfers are swept (once across instances). */
const SWEEP_MS = 5_000;
const IDEMPOTENCY_SWEEP_MS = 60 * 60_000;

export type PaymentSessions = {
  /** Where the customer pages are served (each session's paymentUrl starts with it). */
  customerPagesUrl: string;
  repo: PaymentSessionsRepository;
  service: PaymentSessionsService;
  matching: DepositMatching;
  reviews: DepositReviewsService;
  detail: PaymentSessionDetailReader;
  /** Pushes session changes and balance changes to the consoles. */
  bind(consoles: Broadcaster): void;
};

const all = new WeakMap<AppContext, PaymentSessions>();

/** The payment-session parts of one app, built once and shared by its routes and jobs. */
export function paymentSessionsOf(ctx: AppContext): PaymentSessions {
  const existing = all.get(ctx);
  if (existing) return existing;
  let consoles: Broadcaster | null = null;
  const customerPagesUrl = ctx.config.ADMIN_CONSOLE_URL;
  const repo = createPaymentSessionsRepository(ctx.db, { customerPagesUrl });
  const idempotency = createIdempotency(ctx.db);
  const onChange: Parameters<typeof createPaymentSessionsService>[0]['onChange'] = (row, from) => {
    const update = { id: row.id, merchantId: row.merchantId, status: row.status };
    consoles?.emitToArea('transactionSessions', 'payment-session:update', update);
    consoles?.emitToMerchant(row.merchantId, 'payment-session:update', update);
    ctx.events.emit('payment_session.changed', {
      sessionId: row.id,
      merchantId: row.merchantId,
      status: row.status,
      from,
    });
  };
  const service = createPaymentSessionsService({
    db: ctx.db,
    repo,
    merchants: createMerchantsRepository(ctx.db),
    wallets: createWalletsRepository(ctx.db),
    idempotency,
    customerPagesUrl,
    amountHoldSeconds: CLOCK_SKEW_SECONDS + ctx.config.DEPOSIT_REPORT_LAG_SECONDS,
    onChange,
  });
  const onBalanceChanged = (merchantId: string) =>
    consoles?.emitToMerchant(merchantId, 'merchant:trigger-available-balance');
  const matching = createDepositMatching({
    db: ctx.db,
    repo,
    onChange,
    onBalanceChanged,
  });
  const reviews = createDepositReviewsService({
    db: ctx.db,
    transfers: createDepositTransfersRepository(ctx.db),
    sessions: repo,
    onChange,
    onBalanceChanged,
  });
  const matchAccount = (accountId: string) =>
    matching.run(accountId).catch((error) => ctx.logger.error({ err: error, accountId }, 'deposit matching failed'));
  ctx.events.on('wallet.incoming_stored', ({ accountId }) => void matchAccount(accountId));
  ctx.scheduler.every('payment-sessions.sweep', SWEEP_MS, async () => {
    // Transfers first: a payment made in time wins over the deadline passing.
    await matching.run();
    await service.sweepDeadlines();
  });
  ctx.scheduler.every('payment-sessions.idempotency-sweep', IDEMPOTENCY_SWEEP_MS, async () => {
    await idempotency.sweep();
  });
  const parts: PaymentSessions = {
    customerPagesUrl,
    repo,
    service,
    matching,
    reviews,
    detail: createPaymentSessionDetail({ db: ctx.db, repo, customerPagesUrl }),
    bind: (broadcaster) => {
      consoles = broadcaster;
    },
  };
  all.set(ctx, parts);
  return parts;
}
