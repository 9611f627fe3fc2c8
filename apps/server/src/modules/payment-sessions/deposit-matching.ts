import { PAYMENT_SESSION_LIFECYCLE } from '@gerbang/contract';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { depositMatches, paymentSessions, walletAccounts, walletTransactions } from '../../db/schema';
import { postJournal } from '../ledger/ledger';
import { depositJournal, unidentifiedDepositJournal } from './deposit-journals';
import type { PaymentSessionRecord } from './payment-session-record';
import type { PaymentSessionsRepository } from './payment-sessions.repository';
import type { PaymentSessionListener } from './payment-sessions.service';

/** A phone's clock and the server's may disagree a little; a transfer this close to a window counts. */
export const CLOCK_SKEW_SECONDS = 120;
/** How far back a transfer that matches nothing is compared with closed sessions (paid late). */
export const PAID_LATE_LOOKBACK_HOURS = 24;
/** Transfers reported this recently are swept for any not considered yet. */
const SWEEP_LOOKBACK = sql`interval '2 days'`;

type Transfer = typeof walletTransactions.$inferSelect;
export type MatchOutcome = 'matched' | 'paid_late' | 'unmatched';

/** The states a matched transfer pays a session from (a session that ended too: it was reported late). */
const CAN_BE_PAID = PAYMENT_SESSION_LIFECYCLE.events.transfer_matched.from;

/**
 * Matches incoming transfers with payment sessions. A transfer pays the session of its account
 * with exactly its final amount, in its currency, whose window (created … expires, give or take
 * the clock skew) holds the transfer's time: one whose window holds it without the skew first,
 * then the newest. A session that ended (time-out, or failed after 'I Have Transferred') is paid
 * too when its window holds the transfer: it was reported late. The session's success, its ledger
 * journal and the transfer's match commit together. Each transfer is considered once (its row is locked, then a row keyed by it is
 * written), so a transfer reported twice, or matched by two instances at once, pays once.
 */
export function createDepositMatching(deps: {
  db: Database;
  repo: PaymentSessionsRepository;
  onChange: PaymentSessionListener;
  onBalanceChanged: (merchantId: string) => void;
}) {
  const { db, repo } = deps;
  const skew = sql`${`${CLOCK_SKEW_SECONDS} seconds`}::interval`;

  async function sessionPaidBy(tx: Database, t: Transfer): Promise<PaymentSessionRecord | null> {
    const at = sql`${t.occurredAt.toISOString()}::timestamptz`;
    const rows = await tx
      .select()
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.walletAccountId, t.accountId),
          eq(paymentSessions.finalAmountMinor, t.amountMinor),
          eq(paymentSessions.currency, t.currency),
          inArray(paymentSessions.status, [...CAN_BE_PAID]),
          sql`${at} between ${paymentSessions.createdAt} - ${skew} and ${paymentSessions.expiresAt} + ${skew}`,
        ),
      )
      .orderBy(
        sql`(${at} between ${paymentSessions.createdAt} and ${paymentSessions.expiresAt}) desc`,
        desc(paymentSessions.createdAt),
      )
      .limit(1)
      .for('update');
    return rows[0] ?? null;
  }

  async function sessionPaidLate(tx: Database, t: Transfer): Promise<string | null> {
    const rows = await tx
      .select({ id: paymentSessions.id })
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.walletAccountId, t.accountId),
          eq(paymentSessions.finalAmountMinor, t.amountMinor),
          eq(paymentSessions.currency, t.currency),
          inArray(paymentSessions.status, ['expired', 'failed']),
          sql`${paymentSessions.expiresAt} + ${skew} < ${t.occurredAt.toISOString()}::timestamptz`,
          sql`${paymentSessions.expiresAt} > ${t.occurredAt.toISOString()}::timestamptz - ${`${PAID_LATE_LOOKBACK_HOURS} hours`}::interval`,
        ),
      )
      .orderBy(desc(paymentSessions.expiresAt))
      .limit(1);
    return rows[0]?.id ?? null;
  }

  /**
   * Considers one transfer; null when it was considered before (or is not one to consider), or,
   * with `skipLocked`, when another match of it is under way: that one decides (waiting for it would
   * only find the transfer considered; if it fails, the sweep considers the transfer again).
   * NO KEY UPDATE: a row being written that refers to the transfer (its key shared) does not hold
   * the match back.
   */
  async function matchOne(transferId: string, skipLocked: boolean) {
    return db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.id, transferId), eq(walletTransactions.direction, 'in')))
        .for('no key update', skipLocked ? { skipLocked: true } : {});
      if (!t) return null;
      const [seen] = await tx
        .select({ id: depositMatches.walletTransactionId })
        .from(depositMatches)
        .where(eq(depositMatches.walletTransactionId, t.id));
      if (seen) return null;

      const session = await sessionPaidBy(tx, t);
      if (session) {
        const paid = await repo.transition(tx, session.id, 'transfer_matched', {
          details: { walletTransactionId: t.id, providerTransactionId: t.providerTransactionId },
          set: { paidAt: t.occurredAt, walletTransactionId: t.id, receivedAmountMinor: t.amountMinor },
        });
        if (paid) {
          await tx.insert(depositMatches).values({
            walletTransactionId: t.id,
            walletAccountId: t.accountId,
            outcome: 'matched',
            paymentSessionId: paid.row.id,
            paidMerchantId: paid.row.merchantId,
          });
          // Last: the journal locks the merchant's and the fees accounts until the commit.
          await postJournal(tx, depositJournal(paid.row, { walletAccountId: t.accountId }));
          return { outcome: 'matched' as MatchOutcome, session: paid.row, from: paid.from };
        }
      }
      const lateFor = await sessionPaidLate(tx, t);
      await tx.insert(depositMatches).values({
        walletTransactionId: t.id,
        walletAccountId: t.accountId,
        outcome: lateFor ? 'paid_late' : 'unmatched',
        paymentSessionId: lateFor,
      });
      await postJournal(tx, unidentifiedDepositJournal(t));
      return { outcome: (lateFor ? 'paid_late' : 'unmatched') as MatchOutcome, session: null, from: null };
    });
  }

  /**
   * Transfers not considered yet: incoming, made after the account joined Gerbang (its history
   * from before is the owner's business), reported in the last two days.
   */
  async function pending(accountId?: string, limit = 200): Promise<string[]> {
    const rows = await db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletTransactions.accountId))
      .where(
        and(
          eq(walletTransactions.direction, 'in'),
          accountId ? eq(walletTransactions.accountId, accountId) : undefined,
          gte(walletTransactions.reportedAt, sql`now() - ${SWEEP_LOOKBACK}`),
          gte(walletTransactions.occurredAt, walletAccounts.createdAt),
          sql`not exists (select 1 from ${depositMatches} m where m.wallet_transaction_id = ${walletTransactions.id})`,
        ),
      )
      .orderBy(walletTransactions.occurredAt)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  return {
    /**
     * Considers every pending transfer (of one account, or all); returns what became of them.
     * `skipLocked` (an account's new transfers, matched at once): a transfer another match holds is
     * left to it. The sweep waits for it instead: it moves the deadlines next, and a session paid in
     * time must not expire first.
     */
    async run(accountId?: string, how: { skipLocked?: boolean } = {}): Promise<Record<MatchOutcome, number>> {
      const counts: Record<MatchOutcome, number> = { matched: 0, paid_late: 0, unmatched: 0 };
      for (const id of await pending(accountId)) {
        const result = await matchOne(id, how.skipLocked ?? false);
        if (!result) continue;
        counts[result.outcome] += 1;
        if (result.session) {
          deps.onChange(result.session, result.from);
          deps.onBalanceChanged(result.session.merchantId);
        }
      }
      return counts;
    },
  };
}
export type DepositMatching = ReturnType<typeof createDepositMatching>;
