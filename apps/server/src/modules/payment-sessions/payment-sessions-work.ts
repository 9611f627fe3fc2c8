import type { AppContext } from '../../app-context';
import type { PaymentSessions } from './payment-sessions';

/** How often the session deadlines and the unconsidered transfers are swept (once across instances). */
const SWEEP_MS = 5_000;
const IDEMPOTENCY_SWEEP_MS = 60 * 60_000;

/**
 * The payment sessions' background work: a phone's new incoming transfers are matched at once (and
 * by a sweep, with the deadlines, for any missed), and idempotency keys past their 24 hours go.
 */
export function registerPaymentSessionsWork(ctx: AppContext, sessions: PaymentSessions): void {
  const { matching, service, idempotency } = sessions;
  const matchAccount = (accountId: string) =>
    matching
      .run(accountId, { skipLocked: true })
      .catch((error) => ctx.logger.error({ err: error, accountId }, 'deposit matching failed'));
  ctx.events.on('wallet.incoming_stored', ({ accountId }) => void matchAccount(accountId));
  ctx.scheduler.every('payment-sessions.sweep', SWEEP_MS, async () => {
    // Transfers first: a payment made in time wins over the deadline passing.
    await matching.run();
    await service.sweepDeadlines();
  });
  ctx.scheduler.every('payment-sessions.idempotency-sweep', IDEMPOTENCY_SWEEP_MS, async () => {
    await idempotency.sweep();
  });
}
