import { formatAmount, type PayoutException, type PayoutExceptionResolution } from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { isCheckViolation } from '../../db/pg-errors';
import { AppError } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { postJournal } from '../ledger/ledger';
import { reserveRefund } from '../refunds/refund-reservations';
import { resolveReturnedAgain } from '../refunds/returned-transfers';
import type { PayoutExceptionsRepository } from './payout-exceptions.repository';
import {
  chargedPayoutJournal,
  unclaimedPayoutJournal,
  withdrawnPayoutJournal,
  writtenOffPayoutJournal,
} from './withdrawal-journals';

export type Operator = { userId: string; ip: string };

async function reserveRefundAgain(tx: Database, sessionId: string, amountMinor: bigint): Promise<void> {
  try {
    await reserveRefund(tx, sessionId, amountMinor);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'REFUND_EXCEEDS_PAYMENT')) throw error;
    throw new AppError(
      'REFUND_EXCEEDS_PAYMENT',
      'The session was refunded again after this refund failed: charging it would refund more than the session received. Write it off, or recover it from the customer first; nothing was charged',
    );
  }
}

const toPayoutException = ({ cursorAt: _, ...row }: PayoutException & { cursorAt: string }): PayoutException => row;

/**
 * Outgoing transfers no open withdrawal answers for. Each transfer of a sending account's history
 * is considered once (its row locked, then a payout_exceptions row keyed by it written with its
 * journal): one that a sent, still open withdrawal could be paid by is left to that withdrawal's
 * reconciliation; one that is the transfer of a settled withdrawal still waiting for its own (its
 * inferred one was named by another's phone) is given to it; one that pays a withdrawal whose hold
 * was released is `paid_after_release`;
 * anything else is `unclaimed`. Both leave the account's cash for the payout exceptions account at
 * once, and wait for an operator: charge the merchant, or write it off.
 */
export function createPayoutExceptionsService(deps: {
  db: Database;
  repo: PayoutExceptionsRepository;
  onBalanceChanged: (merchantId: string) => void;
  logger: FastifyBaseLogger;
}) {
  const { db, repo } = deps;

  async function considerOne(transferId: string): Promise<'queued' | 'claimed' | 'open' | null> {
    return db.transaction(async (tx) => {
      const transfer = await repo.lockUnconsidered(tx, transferId);
      if (!transfer) return null;
      const paid = await repo.withdrawalsItPays(tx, transfer);
      const waiting = paid.find((withdrawal) => withdrawal.status === 'success');
      if (waiting) {
        await repo.claimFor(tx, waiting.id, transfer);
        return 'claimed';
      }
      if (paid.some((withdrawal) => withdrawal.status !== 'failed')) return 'open';
      const released = paid[0] ?? null;
      await postJournal(tx, unclaimedPayoutJournal(transfer));
      await repo.queue(tx, transfer, released ? 'paid_after_release' : 'unclaimed', released?.id ?? null);
      return 'queued';
    });
  }

  async function resolve(
    actor: Operator,
    transferId: string,
    kind: PayoutExceptionResolution,
    note: string,
  ): Promise<string | null> {
    return db.transaction(async (tx) => {
      const open = await repo.lockOpen(tx, transferId);
      if (!open) {
        throw new AppError('INVALID_STATE', 'This payout exception is not waiting for an operator (resolved already)');
      }
      const { transfer, withdrawal } = open;
      if (kind === 'charged_to_merchant') {
        if (!withdrawal) {
          throw new AppError('INVALID_STATE', 'This transfer paid no withdrawal: there is no merchant to charge');
        }
        // A refund paid after all takes its part of its session again, before the journal (the
        // order refunds lock in: session, then ledger), so that part can never be refunded twice.
        if (withdrawal.kind === 'refund' && withdrawal.paymentSessionId) {
          await reserveRefundAgain(tx, withdrawal.paymentSessionId, withdrawal.amountMinor);
        }
        // A return paid after all is paid by the transfer it sent back: resolved `returned` again.
        if (withdrawal.kind === 'return') await resolveReturnedAgain(tx, withdrawal, { userId: actor.userId, note });
        try {
          await tx.transaction((savepoint) => postJournal(savepoint, chargedPayoutJournal(transfer, withdrawal)));
        } catch (error) {
          if (!isCheckViolation(error, 'ledger_accounts_available_not_negative')) throw error;
          const total = formatAmount(withdrawal.amountMinor + withdrawal.feeMinor, withdrawal.currency);
          throw new AppError(
            'INSUFFICIENT_BALANCE',
            `The merchant's available balance does not cover ${total} (the amount and its fee); nothing was charged`,
          );
        }
      } else {
        await postJournal(tx, writtenOffPayoutJournal(transfer));
      }
      await repo.resolve(tx, transferId, { kind, userId: actor.userId, note });
      await createAuditRepository(tx).insert({
        actorUserId: actor.userId,
        action:
          kind === 'charged_to_merchant'
            ? AUDIT_ACTIONS.payoutExceptionCharged
            : AUDIT_ACTIONS.payoutExceptionWrittenOff,
        targetType: 'wallet_transaction',
        targetId: transferId,
        ip: actor.ip,
        details: {
          amount: formatAmount(transfer.amountMinor, transfer.currency),
          withdrawalId: withdrawal?.id ?? null,
          note,
        },
      });
      return kind === 'charged_to_merchant' ? (withdrawal?.merchantId ?? null) : null;
    });
  }

  return {
    /**
     * The withdrawal a queued transfer was made for claims it (its phone named it, or an operator
     * did, after it was queued): in the claim's transaction, the exception is withdrawn and its
     * money goes back from the exception to the account, so the transfer leaves the books once.
     * One an Admin already resolved cannot be undone here: that is logged for a person.
     */
    async withdrawFor(tx: Database, transferId: string, withdrawalId: string): Promise<void> {
      const queued = await repo.lockQueuedOf(tx, transferId);
      if (!queued) return;
      if (queued.exception.resolvedAt) {
        deps.logger.error(
          { transferId, withdrawalId, resolution: queued.exception.resolution },
          'a withdrawal claims a transfer whose payout exception an Admin already resolved: correct it by hand',
        );
        return;
      }
      await postJournal(tx, withdrawnPayoutJournal(queued.transfer));
      await repo.resolve(tx, transferId, {
        kind: 'claimed_by_withdrawal',
        userId: null,
        note: `Withdrawal ${withdrawalId} was paid by this transfer`,
      });
    },

    /** Considers every outgoing transfer no withdrawal claims (of one account, or all); returns how many were queued. */
    async run(accountId?: string): Promise<number> {
      let queued = 0;
      for (const id of await repo.pending(accountId)) {
        if ((await considerOne(id)) === 'queued') queued += 1;
      }
      return queued;
    },

    async list(query: { limit: number; cursor?: string; awaitingReview?: 'true' | 'false' }) {
      const rows = await repo.page(query.awaitingReview === 'true', query.limit, decodeKeysetCursor(query.cursor));
      return toPage(rows, query.limit, toPayoutException);
    },

    async chargeMerchant(actor: Operator, transferId: string, note: string): Promise<void> {
      const merchantId = await resolve(actor, transferId, 'charged_to_merchant', note);
      if (merchantId) deps.onBalanceChanged(merchantId);
    },

    async writeOff(actor: Operator, transferId: string, note: string): Promise<void> {
      await resolve(actor, transferId, 'written_off', note);
    },
  };
}
export type PayoutExceptionsService = ReturnType<typeof createPayoutExceptionsService>;
