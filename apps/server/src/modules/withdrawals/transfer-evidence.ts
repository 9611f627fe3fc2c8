import { and, eq, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { walletTransactions, withdrawals } from '../../db/schema';

/** A phone's clock may run behind the server's: a transfer this much before its start still counts. */
const PHONE_CLOCK_SLACK = sql`interval '5 minutes'`;

/**
 * When an outgoing transfer of a sending account's history pays a withdrawal: from its sending
 * account, of its amount, to its destination (or carrying its reference as note), made after its
 * transfer started. The one test, read both ways: which transfer paid an uncertain withdrawal
 * (reconciliation), and which withdrawal a transfer no withdrawal claims paid (payout exceptions).
 */
/** The columns the test reads, of the withdrawals table or of an alias of it. */
type WithdrawalColumns = Record<
  'walletAccountId' | 'amountMinor' | 'transferStartedAt' | 'destAccountNumber' | 'referenceNumber',
  AnyPgColumn
>;

export function transferPaysWithdrawal(w: WithdrawalColumns = withdrawals): SQL {
  return and(
    eq(walletTransactions.accountId, w.walletAccountId),
    eq(walletTransactions.direction, 'out'),
    eq(walletTransactions.amountMinor, w.amountMinor),
    sql`${walletTransactions.occurredAt} >= ${w.transferStartedAt} - ${PHONE_CLOCK_SLACK}`,
    or(eq(walletTransactions.counterpartyAccount, w.destAccountNumber), eq(walletTransactions.note, w.referenceNumber)),
  ) as SQL;
}

const sending = alias(withdrawals, 'sending');

/**
 * No other withdrawal still being sent could be paid by the transfer: its phone's result will name
 * its own transfer, so a transfer that may be that one is not taken by inference meanwhile.
 */
export function transferNotAwaitedByAnother(withdrawalId: string): SQL {
  return notExists(
    new QueryBuilder()
      .select({ one: sql`1` })
      .from(sending)
      .where(and(eq(sending.status, 'processing'), ne(sending.id, withdrawalId), transferPaysWithdrawal(sending))),
  );
}

/**
 * Nobody has the transfer: no withdrawal is linked to it, none reported it under its provider id (a
 * withdrawal the phone settled is linked to its transfer a moment after the transfer is stored),
 * and it is not queued as a payout exception. Whoever takes it holds its row lock first
 * (withdrawals.repository.ts lockTransfer).
 */
export function transferUnclaimed(): SQL {
  return sql`not exists (select 1 from withdrawals claimed where claimed.wallet_transaction_id = ${walletTransactions.id})
    and not exists (select 1 from withdrawals claimed where claimed.wallet_account_id = ${walletTransactions.accountId}
      and claimed.transfer_reference = ${walletTransactions.providerTransactionId})
    and not exists (select 1 from payout_exceptions queued where queued.wallet_transaction_id = ${walletTransactions.id})`;
}
