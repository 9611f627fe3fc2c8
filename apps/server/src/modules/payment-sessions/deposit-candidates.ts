import { type DepositCandidatesResponse, formatAmount, holderNameScore } from '@gerbang/contract';
import { and, between, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { depositMatches, merchants, paymentSessions, walletTransactions } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';

/** A session opened this long before a transfer may still be what it paid (paid late). */
const LOOK_BACK_HOURS = 24;
/** A session opened this long after the transfer may still be it: the phone's clock and ours differ. */
const CLOCK_SLACK_MINUTES = 5;
const CANDIDATES_MAX = 10;

const basisPointsOf = (percent: number) => BigInt(Math.round(percent * 100));

/** |difference| within `percent` % of the final amount. */
export function withinTolerance(difference: bigint, finalMinor: bigint, percent: number): boolean {
  const off = difference < 0n ? -difference : difference;
  return off * 10_000n <= finalMinor * basisPointsOf(percent);
}

/**
 * The rank, 0–100: half how close the amount is (exact: all of it), three tenths whether it came
 * within the session's time limit (fading over the hour after), a fifth how well the sender's name
 * matches the customer's (half of it when the session names nobody).
 */
function rankOf(candidate: { offRatio: number; minutesLate: number; nameScore: number | null }): number {
  const amount = 1 - candidate.offRatio;
  const time = candidate.minutesLate <= 0 ? 1 : Math.max(0, 1 - candidate.minutesLate / 60);
  const name = candidate.nameScore === null ? 0.5 : candidate.nameScore / 100;
  return Math.round(100 * (0.5 * amount + 0.3 * time + 0.2 * name));
}

/**
 * The sessions a queued transfer (paid late or unmatched, not yet resolved) may have paid, best
 * first: its receiving account's unpaid sessions opened in the day before it, with a final amount
 * within the tolerance (read along payment_sessions_account_amount_idx).
 */
export async function candidatesOf(
  db: Database,
  transferId: string,
  tolerancePercent: number,
): Promise<DepositCandidatesResponse> {
  const [transfer] = await db
    .select({
      accountId: walletTransactions.accountId,
      amountMinor: walletTransactions.amountMinor,
      currency: walletTransactions.currency,
      counterpartyName: walletTransactions.counterpartyName,
      occurredAt: walletTransactions.occurredAt,
      outcome: depositMatches.outcome,
      resolvedAt: depositMatches.resolvedAt,
    })
    .from(walletTransactions)
    .innerJoin(depositMatches, eq(depositMatches.walletTransactionId, walletTransactions.id))
    .where(eq(walletTransactions.id, transferId));
  if (!transfer) throw notFound('Transfer');
  if (transfer.outcome === 'matched' || transfer.resolvedAt !== null) {
    throw new AppError(
      'INVALID_STATE',
      'This transfer is not waiting for review (it paid a session or was resolved already)',
    );
  }
  // Loose bounds for the index (the exact tolerance is applied below): final within ±2t of the transfer.
  const slack = (transfer.amountMinor * basisPointsOf(tolerancePercent) * 2n) / 10_000n;
  const occurred = transfer.occurredAt;
  const rows = await db
    .select({
      id: paymentSessions.id,
      referenceNumber: paymentSessions.referenceNumber,
      merchantName: merchants.name,
      status: paymentSessions.status,
      currency: paymentSessions.currency,
      finalAmountMinor: paymentSessions.finalAmountMinor,
      customerName: sql<string | null>`${paymentSessions.customer}->>'name'`,
      createdAt: paymentSessions.createdAt,
      expiresAt: paymentSessions.expiresAt,
    })
    .from(paymentSessions)
    .innerJoin(merchants, eq(merchants.id, paymentSessions.merchantId))
    .where(
      and(
        eq(paymentSessions.walletAccountId, transfer.accountId),
        between(paymentSessions.finalAmountMinor, transfer.amountMinor - slack, transfer.amountMinor + slack),
        ne(paymentSessions.status, 'success'),
        between(
          paymentSessions.createdAt,
          new Date(occurred.getTime() - LOOK_BACK_HOURS * 3_600_000),
          new Date(occurred.getTime() + CLOCK_SLACK_MINUTES * 60_000),
        ),
      ),
    )
    .limit(200);
  const items = rows
    .map((row) => {
      const difference = transfer.amountMinor - row.finalAmountMinor;
      const allowed = (row.finalAmountMinor * basisPointsOf(tolerancePercent)) / 10_000n;
      const off = difference < 0n ? -difference : difference;
      const nameScore =
        row.customerName && transfer.counterpartyName
          ? holderNameScore(row.customerName, transfer.counterpartyName)
          : null;
      const minutesLate = (occurred.getTime() - row.expiresAt.getTime()) / 60_000;
      return {
        ok: withinTolerance(difference, row.finalAmountMinor, tolerancePercent),
        off,
        candidate: {
          paymentSessionId: row.id,
          referenceNumber: row.referenceNumber,
          merchantName: row.merchantName,
          status: row.status,
          currency: row.currency,
          finalAmount: formatAmount(row.finalAmountMinor, row.currency),
          difference: formatAmount(difference, row.currency),
          customerName: row.customerName,
          nameScore,
          secondsAfterOpen: Math.round((occurred.getTime() - row.createdAt.getTime()) / 1000),
          withinTimeLimit: minutesLate <= 0,
          score: rankOf({
            offRatio: allowed === 0n ? 0 : Number(off) / Number(allowed),
            minutesLate,
            nameScore,
          }),
        },
      };
    })
    .filter((row) => row.ok)
    .sort((a, b) => b.candidate.score - a.candidate.score || Number(a.off - b.off))
    .slice(0, CANDIDATES_MAX)
    .map((row) => row.candidate);
  return { items, tolerancePercent };
}
