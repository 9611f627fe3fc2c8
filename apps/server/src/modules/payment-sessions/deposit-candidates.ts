import {
  type Currency,
  type DepositCandidatesResponse,
  formatAmount,
  holderNameScore,
  type SessionCandidateTransfersResponse,
} from '@gerbang/contract';
import { and, between, eq, isNull, ne, sql } from 'drizzle-orm';
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

/** How one transfer and one session compare: inside the tolerance or not, and the rest of the rank. */
function compare(
  transfer: { amountMinor: bigint; counterpartyName: string; occurredAt: Date },
  session: {
    finalAmountMinor: bigint;
    currency: Currency;
    customerName: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
  tolerancePercent: number,
) {
  const difference = transfer.amountMinor - session.finalAmountMinor;
  const allowed = (session.finalAmountMinor * basisPointsOf(tolerancePercent)) / 10_000n;
  const off = difference < 0n ? -difference : difference;
  const nameScore =
    session.customerName && transfer.counterpartyName
      ? holderNameScore(session.customerName, transfer.counterpartyName)
      : null;
  const minutesLate = (transfer.occurredAt.getTime() - session.expiresAt.getTime()) / 60_000;
  return {
    ok: withinTolerance(difference, session.finalAmountMinor, tolerancePercent),
    off,
    shared: {
      difference: formatAmount(difference, session.currency),
      nameScore,
      secondsAfterOpen: Math.round((transfer.occurredAt.getTime() - session.createdAt.getTime()) / 1000),
      withinTimeLimit: minutesLate <= 0,
      score: rankOf({ offRatio: allowed === 0n ? 0 : Number(off) / Number(allowed), minutesLate, nameScore }),
    },
  };
}

/** Best first, then the closest amount; at most CANDIDATES_MAX. */
function best<T>(rows: { ok: boolean; off: bigint; shared: { score: number }; item: T }[]): T[] {
  return rows
    .filter((row) => row.ok)
    .sort((a, b) => b.shared.score - a.shared.score || Number(a.off - b.off))
    .slice(0, CANDIDATES_MAX)
    .map((row) => row.item);
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
  const items = best(
    rows.map((row) => {
      const compared = compare(transfer, row, tolerancePercent);
      return {
        ...compared,
        item: {
          paymentSessionId: row.id,
          referenceNumber: row.referenceNumber,
          merchantName: row.merchantName,
          status: row.status,
          currency: row.currency,
          finalAmount: formatAmount(row.finalAmountMinor, row.currency),
          customerName: row.customerName,
          ...compared.shared,
        },
      };
    }),
  );
  return { items, tolerancePercent };
}

/**
 * A session's side: the queued transfers (paid late or unmatched, unresolved) into its account made
 * from five minutes before it opened to a day after, within the tolerance of its final amount (read
 * along wallet_transactions_match_idx), best first. Empty once it is paid.
 */
export async function transfersForSession(
  db: Database,
  sessionId: string,
  tolerancePercent: number,
): Promise<SessionCandidateTransfersResponse> {
  const [session] = await db
    .select({
      walletAccountId: paymentSessions.walletAccountId,
      status: paymentSessions.status,
      currency: paymentSessions.currency,
      finalAmountMinor: paymentSessions.finalAmountMinor,
      customerName: sql<string | null>`${paymentSessions.customer}->>'name'`,
      createdAt: paymentSessions.createdAt,
      expiresAt: paymentSessions.expiresAt,
    })
    .from(paymentSessions)
    .where(eq(paymentSessions.id, sessionId));
  if (!session) throw notFound('Payment session');
  if (session.status === 'success' || !session.walletAccountId) return { items: [], tolerancePercent };
  const slack = (session.finalAmountMinor * basisPointsOf(tolerancePercent)) / 10_000n;
  const opened = session.createdAt.getTime();
  const rows = await db
    .select({
      id: walletTransactions.id,
      amountMinor: walletTransactions.amountMinor,
      counterpartyName: walletTransactions.counterpartyName,
      occurredAt: walletTransactions.occurredAt,
    })
    .from(walletTransactions)
    .innerJoin(depositMatches, eq(depositMatches.walletTransactionId, walletTransactions.id))
    .where(
      and(
        eq(walletTransactions.accountId, session.walletAccountId),
        eq(walletTransactions.direction, 'in'),
        between(walletTransactions.amountMinor, session.finalAmountMinor - slack, session.finalAmountMinor + slack),
        between(
          walletTransactions.occurredAt,
          new Date(opened - CLOCK_SLACK_MINUTES * 60_000),
          new Date(opened + LOOK_BACK_HOURS * 3_600_000),
        ),
        ne(depositMatches.outcome, 'matched'),
        isNull(depositMatches.resolvedAt),
      ),
    )
    .limit(200);
  const items = best(
    rows.map((row) => {
      const compared = compare(row, session, tolerancePercent);
      return {
        ...compared,
        item: {
          transferId: row.id,
          amount: formatAmount(row.amountMinor, session.currency),
          currency: session.currency,
          counterpartyName: row.counterpartyName,
          occurredAt: row.occurredAt.toISOString(),
          ...compared.shared,
        },
      };
    }),
  );
  return { items, tolerancePercent };
}
