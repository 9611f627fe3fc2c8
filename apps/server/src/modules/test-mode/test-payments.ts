import {
  feeOnAmountMinor,
  formatAmount,
  TEST_WRONG_AMOUNT_SHORT_PERCENT,
  type TestPaymentOutcome,
} from '@gerbang/contract';
import type { Database } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import { postJournal } from '../ledger/ledger';
import type { MerchantsRepository } from '../merchants/merchants.repository';
import { depositJournal } from '../payment-sessions/deposit-journals';
import type { PaymentSessionRecord, SessionMove } from '../payment-sessions/payment-session-record';
import type { PaymentSessionsRepository } from '../payment-sessions/payment-sessions.repository';
import type { PaymentSessionListener } from '../payment-sessions/payment-sessions.service';

/** The customer's part is done: the test provider can pay (or not) from here. */
const WAITING = ['awaiting_payment', 'processing'] as const;

/** What a wrong amount is short of the final amount: 1 %, at least one minor unit. */
export function wrongAmountOf(finalAmountMinor: bigint): bigint {
  const short = (finalAmountMinor * BigInt(TEST_WRONG_AMOUNT_SHORT_PERCENT)) / 100n;
  return finalAmountMinor - (short > 0n ? short : 1n);
}

/**
 * Test mode's provider (docs/test-mode.md): deterministic, no phone. Each outcome walks a test
 * session through the same lifecycle events, timeline, webhooks and ledger journal (in the test
 * book) as a live payment that went that way:
 * - `paid`: the final amount arrives (transfer_matched);
 * - `paid_late`: the time limit passes (time_limit, the session expires), then the final amount
 *   arrives (transfer_matched from expired), as a transfer reported late does;
 * - `wrong_amount`: 1 % less arrives and is credited as it is, the fee on what was credited (an
 *   operator's near match, operator_matched);
 * - `failed`: the customer says they paid (customer_transferred) and nothing arrives
 *   (transfer_not_found).
 */
export function createTestPayments(deps: {
  db: Database;
  repo: PaymentSessionsRepository;
  merchants: Pick<MerchantsRepository, 'findById'>;
  onChange: PaymentSessionListener;
}) {
  const { db, repo } = deps;

  async function pay(
    tx: Database,
    session: PaymentSessionRecord,
    event: 'transfer_matched' | 'operator_matched',
    receivedMinor: bigint,
    feeMinor: bigint,
    details: Record<string, unknown>,
  ): Promise<SessionMove | null> {
    const moved = await repo.transition(tx, session.id, event, {
      details: { testProvider: true, ...details },
      set: { paidAt: new Date(), receivedAmountMinor: receivedMinor, feeMinor },
    });
    if (moved) await postJournal(tx, depositJournal(moved.row, 'test_provider'));
    return moved;
  }

  /** Each move in its own transaction, announced as it commits, as the live ones are. */
  async function step(run: (tx: Database) => Promise<SessionMove | null>): Promise<SessionMove> {
    const moved = await db.transaction(run);
    if (!moved) throw new AppError('INVALID_STATE', 'This payment session moved meanwhile; read it again');
    deps.onChange(moved.row, moved.from);
    return moved;
  }

  return {
    /**
     * Simulates what the customer and the provider did. `merchantId` (the merchant API) scopes the
     * read: another merchant's session is "not found". A live session is never touched.
     */
    async simulate(id: string, outcome: TestPaymentOutcome, merchantId?: string): Promise<PaymentSessionRecord> {
      const session = await repo.findById(id, merchantId);
      if (!session) throw notFound('Payment session');
      if (session.livemode) {
        throw new AppError('FORBIDDEN', 'This is a live payment session: only test sessions can be simulated');
      }
      if (!(WAITING as readonly string[]).includes(session.status)) {
        throw new AppError(
          'INVALID_STATE',
          session.status === 'created'
            ? 'Choose a method first: this payment session is not waiting for money yet'
            : `This payment session is ${session.status}; it is not waiting for money`,
        );
      }
      const final = session.finalAmountMinor;
      switch (outcome) {
        case 'paid':
          return (await step((tx) => pay(tx, session, 'transfer_matched', final, session.feeMinor, {}))).row;
        case 'paid_late': {
          if (session.status !== 'awaiting_payment') {
            throw new AppError('INVALID_STATE', 'Only a session still waiting for a transfer can run out of time');
          }
          const expired = await step((tx) =>
            repo.transition(tx, id, 'time_limit', { details: { testProvider: true }, set: { expiresAt: new Date() } }),
          );
          return (await step((tx) => pay(tx, expired.row, 'transfer_matched', final, session.feeMinor, { late: true })))
            .row;
        }
        case 'wrong_amount': {
          const merchant = await deps.merchants.findById(session.merchantId);
          if (!merchant) throw notFound('Payment session');
          const received = wrongAmountOf(final);
          const credited = session.amountMinor + (received - final);
          const fee = feeOnAmountMinor(credited, merchant.depositFeeBasisPoints, merchant.depositFeeFixedMinor);
          if (credited - fee < 0n) {
            throw new AppError('INVALID_STATE', 'Nothing would be left for the merchant after the fee');
          }
          const details = {
            receivedAmount: formatAmount(received, session.currency),
            difference: formatAmount(received - final, session.currency),
          };
          return (await step((tx) => pay(tx, session, 'operator_matched', received, fee, details))).row;
        }
        case 'failed': {
          const transferred =
            session.status === 'processing'
              ? session
              : (await step((tx) => repo.transition(tx, id, 'customer_transferred'))).row;
          return (
            await step((tx) =>
              repo.transition(tx, transferred.id, 'transfer_not_found', {
                details: { testProvider: true },
                set: { failureReason: 'transfer_not_found' },
              }),
            )
          ).row;
        }
      }
    },
  };
}
export type TestPayments = ReturnType<typeof createTestPayments>;
