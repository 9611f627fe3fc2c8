import { toMinorUnits } from '@gerbang/contract';
import type { AppContext } from '../../app-context';
import { createIdempotency, type Idempotency } from '../idempotency/idempotency';
import { createMerchantsRepository } from '../merchants/merchants.repository';
import type { Broadcaster } from '../realtime/broadcaster';
import { createTestPayments, type TestPayments } from '../test-mode/test-payments';
import { createWalletsRepository } from '../wallets/wallets.repository';
import { withdrawalsOf } from '../withdrawals/withdrawals';
import { CLOCK_SKEW_SECONDS, createDepositMatching, type DepositMatching } from './deposit-matching';
import { createDepositReviewsService, type DepositReviewsService } from './deposit-reviews.service';
import { createDepositTransfersRepository } from './deposit-transfers.repository';
import { createPaymentSessionDetail, type PaymentSessionDetailReader } from './payment-session-detail';
import { createPaymentSessionsRepository, type PaymentSessionsRepository } from './payment-sessions.repository';
import { createPaymentSessionsService, type PaymentSessionsService } from './payment-sessions.service';

export type PaymentSessions = {
  /** Where the customer pages are served (each session's paymentUrl starts with it). */
  customerPagesUrl: string;
  repo: PaymentSessionsRepository;
  service: PaymentSessionsService;
  idempotency: Idempotency;
  matching: DepositMatching;
  reviews: DepositReviewsService;
  detail: PaymentSessionDetailReader;
  /** Test mode's provider: pays (or not) test sessions, no phone. */
  testPayments: TestPayments;
  /** Pushes session changes and balance changes to the consoles. */
  bind(consoles: Broadcaster): void;
};

const all = new WeakMap<AppContext, PaymentSessions>();

/**
 * The payment-session parts of one app, built once and shared by its routes and its background work
 * (payment-sessions-work.ts, registered by the composition root).
 */
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
    tolerancePercent: ctx.config.DEPOSIT_MATCH_TOLERANCE_PERCENT,
    approvalAboveMinor: {
      IDR: toMinorUnits(String(ctx.config.RESOLUTION_APPROVAL_ABOVE_IDR), 'IDR'),
      PHP: toMinorUnits(String(ctx.config.RESOLUTION_APPROVAL_ABOVE_PHP), 'PHP'),
    },
    returns: () => withdrawalsOf(ctx).returns,
  });
  const parts: PaymentSessions = {
    customerPagesUrl,
    repo,
    service,
    idempotency,
    matching,
    reviews,
    detail: createPaymentSessionDetail({ db: ctx.db, repo, customerPagesUrl }),
    testPayments: createTestPayments({
      db: ctx.db,
      repo,
      merchants: createMerchantsRepository(ctx.db),
      onChange: (row, from) => {
        onChange(row, from);
        if (row.status === 'success') onBalanceChanged(row.merchantId);
      },
    }),
    bind: (broadcaster) => {
      consoles = broadcaster;
    },
  };
  all.set(ctx, parts);
  return parts;
}
