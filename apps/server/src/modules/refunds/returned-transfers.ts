import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { depositMatches, payoutExceptions, withdrawals } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { WithdrawalRecord } from '../withdrawals/withdrawal-record';

const UNPAID: readonly WithdrawalRecord['status'][] = ['failed', 'rejected', 'cancelled'];

/**
 * A return that ended unpaid (its release journal gave the money back to suspense): the transfer it
 * was sending back waits in the review queue again, in the same transaction, and its audit trail
 * says why. Only a transfer resolved `returned` is reopened.
 */
export async function reopenReturnedTransfer(tx: Database, row: WithdrawalRecord): Promise<void> {
  if (row.kind !== 'return' || row.returnedTransferId === null || !UNPAID.includes(row.status)) return;
  const reopened = await tx
    .update(depositMatches)
    .set({ resolution: null, resolvedByUserId: null, resolutionNote: null, resolvedAt: null })
    .where(
      and(eq(depositMatches.walletTransactionId, row.returnedTransferId), eq(depositMatches.resolution, 'returned')),
    )
    .returning({ id: depositMatches.walletTransactionId });
  if (reopened.length === 0) return;
  // On the transfer's own audit trail: why it is back in the queue (the server did it).
  await createAuditRepository(tx).insert({
    actorUserId: null,
    action: AUDIT_ACTIONS.depositReturnEndedUnpaid,
    targetType: 'wallet_transaction',
    targetId: row.returnedTransferId,
    details: { withdrawalId: row.id, status: row.status, failureReason: row.failureReason },
  });
}

/**
 * A return's transfer turned up after it ended unpaid (a payout exception): the transfer it sent
 * back, if still waiting in the queue, is resolved `returned` again, so suspense pays the exception
 * (chargedPayoutJournal) in the same transaction. 409 when it was resolved otherwise meanwhile.
 */
export async function resolveReturnedAgain(
  tx: Database,
  row: WithdrawalRecord,
  resolvedBy: { userId: string; note: string },
): Promise<void> {
  if (row.returnedTransferId === null) return;
  const [done] = await tx
    .update(depositMatches)
    .set({
      resolution: 'returned',
      resolvedByUserId: resolvedBy.userId,
      resolutionNote: resolvedBy.note,
      resolvedAt: sql`now()`,
    })
    .where(
      and(
        eq(depositMatches.walletTransactionId, row.returnedTransferId),
        isNull(depositMatches.resolvedAt),
        isNull(depositMatches.proposal),
      ),
    )
    .returning({ id: depositMatches.walletTransactionId });
  if (!done) {
    throw new AppError(
      'INVALID_STATE',
      'The transfer this return sent back was resolved otherwise since (or a resolution of it waits for approval): write this payout off instead',
    );
  }
}

/**
 * While a return of this transfer was reported paid after its release and its payout exception
 * waits for an Admin, the transfer is refused every other resolution (409): the sender has the
 * money, and charging that exception resolves the transfer `returned` again. In the caller's
 * transaction, with the transfer's row locked.
 */
export async function refuseWhileReturnPaidAfterRelease(tx: Database, transferId: string): Promise<void> {
  const [open] = await tx
    .select({ id: payoutExceptions.walletTransactionId })
    .from(payoutExceptions)
    .innerJoin(withdrawals, eq(withdrawals.id, payoutExceptions.withdrawalId))
    .where(and(eq(withdrawals.returnedTransferId, transferId), isNull(payoutExceptions.resolvedAt)))
    .limit(1);
  if (open) {
    throw new AppError(
      'INVALID_STATE',
      'A return of this transfer was reported paid after its release: resolve that outgoing transfer first (charging it resolves this one as returned)',
    );
  }
}
