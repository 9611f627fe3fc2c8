import { type DepositTransfer, feeOnAmountMinor, formatAmount } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { merchants, paymentSessions } from '../../db/schema';
import { AppError, invalidFields } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { postJournal } from '../ledger/ledger';
import { candidatesOf, transfersForSession, withinTolerance } from './deposit-candidates';
import { depositJournal, refundedOutsideJournal } from './deposit-journals';
import type {
  DepositTransferRecord,
  DepositTransfersFilter,
  DepositTransfersRepository,
} from './deposit-transfers.repository';
import type { PaymentSessionRecord } from './payment-session-record';
import type { PaymentSessionsRepository } from './payment-sessions.repository';
import type { PaymentSessionListener } from './payment-sessions.service';

export type Operator = { userId: string; ip: string };

function toDepositTransfer(row: DepositTransferRecord): DepositTransfer {
  return {
    id: row.id,
    walletAccountId: row.walletAccountId,
    provider: row.provider,
    accountNumber: row.accountNumber,
    currency: row.currency,
    amount: formatAmount(BigInt(row.amountMinor), row.currency),
    counterpartyName: row.counterpartyName,
    providerTransactionId: row.providerTransactionId,
    occurredAt: row.occurredAt,
    outcome: row.outcome,
    paymentSessionId: row.paymentSessionId,
    referenceNumber: row.referenceNumber,
    merchantName: row.merchantName,
    resolution: row.resolution,
    resolutionNote: row.resolutionNote,
    resolvedAt: row.resolvedAt,
  };
}

const notQueued = () =>
  new AppError('INVALID_STATE', 'This transfer is not waiting for review (it paid a session or was resolved already)');

/**
 * The review queues: transfers that came late or match nothing. An operator matches one to the
 * session it paid (same account; its final amount, or within the tolerance: a near match, the
 * merchant credited what arrived; the session succeeds and the merchant is credited from suspense,
 * in one transaction; the ranked candidates help find it) or records that the money went back outside
 * Gerbang (it leaves suspense and the account). Each is audited with who, when and why.
 */
export function createDepositReviewsService(deps: {
  db: Database;
  transfers: DepositTransfersRepository;
  sessions: PaymentSessionsRepository;
  onChange: PaymentSessionListener;
  onBalanceChanged: (merchantId: string) => void;
  /** DEPOSIT_MATCH_TOLERANCE_PERCENT: how far a near match may be off the final amount. */
  tolerancePercent: number;
}) {
  const { db, transfers } = deps;

  /** In the resolution's own transaction: the audit entry exists exactly when the resolution does. */
  function record(tx: Database, actor: Operator, action: string, transferId: string, details: Record<string, unknown>) {
    return createAuditRepository(tx).insert({
      actorUserId: actor.userId,
      action,
      targetType: 'wallet_transaction',
      targetId: transferId,
      ip: actor.ip,
      details,
    });
  }

  /**
   * What the merchant is owed when a transfer of `receivedMinor` pays the session: its own fee when
   * the amount is exact; within the tolerance, the fee on amount + difference (the merchant's terms
   * now); beyond it, or when nothing would be left after the fee, the match is refused.
   */
  async function creditOf(tx: Database, session: PaymentSessionRecord, receivedMinor: bigint) {
    const difference = receivedMinor - session.finalAmountMinor;
    if (difference === 0n) return { difference, feeMinor: session.feeMinor };
    if (!withinTolerance(difference, session.finalAmountMinor, deps.tolerancePercent)) {
      throw invalidFields({
        'body.paymentSessionId': `The transfer is ${formatAmount(difference, session.currency)} off this session's final amount, more than ${deps.tolerancePercent} %`,
      });
    }
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, session.merchantId));
    if (!merchant) throw invalidFields({ 'body.paymentSessionId': 'This session has no merchant' });
    const creditedMinor = session.amountMinor + difference;
    const feeMinor = feeOnAmountMinor(creditedMinor, merchant.depositFeeBasisPoints, merchant.depositFeeFixedMinor);
    if (creditedMinor - feeMinor < 0n) {
      throw invalidFields({ 'body.paymentSessionId': 'Nothing would be left for the merchant after the fee' });
    }
    return { difference, feeMinor };
  }

  return {
    candidates: (transferId: string) => candidatesOf(db, transferId, deps.tolerancePercent),
    transfersForSession: (sessionId: string) => transfersForSession(db, sessionId, deps.tolerancePercent),

    async list(filter: DepositTransfersFilter, query: { limit: number; cursor?: string }) {
      const rows = await transfers.page(filter, query.limit, decodeKeysetCursor(query.cursor));
      return toPage(rows, query.limit, toDepositTransfer);
    },

    async match(actor: Operator, transferId: string, body: { paymentSessionId: string; note: string }) {
      const paid = await db.transaction(async (tx) => {
        const queued = await transfers.lockQueued(tx, transferId);
        if (!queued) throw notQueued();
        const [session] = await tx
          .select()
          .from(paymentSessions)
          .where(eq(paymentSessions.id, body.paymentSessionId))
          .for('update');
        if (!session) throw invalidFields({ 'body.paymentSessionId': 'No payment session has this id' });
        const { transfer } = queued;
        if (session.walletAccountId !== transfer.accountId) {
          throw invalidFields({ 'body.paymentSessionId': 'This session was paid into another account' });
        }
        if (session.status === 'success') {
          throw new AppError('INVALID_STATE', 'This payment session is paid already');
        }
        const credit = await creditOf(tx, session, transfer.amountMinor);
        const moved = await deps.sessions.transition(tx, session.id, 'operator_matched', {
          details: {
            walletTransactionId: transfer.id,
            byUserId: actor.userId,
            note: body.note,
            ...(credit.difference !== 0n && {
              receivedAmount: formatAmount(transfer.amountMinor, transfer.currency),
              difference: formatAmount(credit.difference, transfer.currency),
            }),
          },
          set: {
            paidAt: transfer.occurredAt,
            walletTransactionId: transfer.id,
            receivedAmountMinor: transfer.amountMinor,
            feeMinor: credit.feeMinor,
          },
        });
        if (!moved)
          throw new AppError('INVALID_STATE', `This payment session is ${session.status}; it cannot be matched`);
        await postJournal(tx, depositJournal(moved.row, 'suspense'));
        await transfers.resolve(tx, transferId, {
          kind: 'matched',
          userId: actor.userId,
          note: body.note,
          paymentSessionId: moved.row.id,
          paidMerchantId: moved.row.merchantId,
        });
        await record(tx, actor, AUDIT_ACTIONS.depositMatchedByOperator, transferId, {
          paymentSessionId: moved.row.id,
          from: moved.from,
          note: body.note,
          finalAmount: formatAmount(session.finalAmountMinor, session.currency),
          receivedAmount: formatAmount(transfer.amountMinor, transfer.currency),
          fee: formatAmount(credit.feeMinor, session.currency),
        });
        return moved;
      });
      deps.onChange(paid.row, paid.from);
      deps.onBalanceChanged(paid.row.merchantId);
    },

    async refundOutside(actor: Operator, transferId: string, body: { note: string }) {
      await db.transaction(async (tx) => {
        const queued = await transfers.lockQueued(tx, transferId);
        if (!queued) throw notQueued();
        await postJournal(tx, refundedOutsideJournal(queued.transfer));
        await transfers.resolve(tx, transferId, { kind: 'refunded_outside', userId: actor.userId, note: body.note });
        await record(tx, actor, AUDIT_ACTIONS.depositRefundedOutside, transferId, {
          amount: formatAmount(queued.transfer.amountMinor, queued.transfer.currency),
          note: body.note,
        });
      });
    },
  };
}
export type DepositReviewsService = ReturnType<typeof createDepositReviewsService>;
