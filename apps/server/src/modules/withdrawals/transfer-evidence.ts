import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { walletTransactions, withdrawals } from '../../db/schema';

/** A phone's clock may run behind the server's: a transfer this much before its start still counts. */
const PHONE_CLOCK_SLACK = sql`interval '5 minutes'`;

/**
 * When an outgoing transfer of a sending account's history pays a withdrawal: from its sending
 * account, of its amount, to its destination (or carrying its reference as note), made after its
 * transfer started. The one test, read both ways: which transfer paid an uncertain withdrawal
 * (reconciliation), and which withdrawal a transfer no withdrawal claims paid (payout exceptions).
 */
export function transferPaysWithdrawal(): SQL {
  return and(
    eq(walletTransactions.accountId, withdrawals.walletAccountId),
    eq(walletTransactions.direction, 'out'),
    eq(walletTransactions.amountMinor, withdrawals.amountMinor),
    sql`${walletTransactions.occurredAt} >= ${withdrawals.transferStartedAt} - ${PHONE_CLOCK_SLACK}`,
    or(
      eq(walletTransactions.counterpartyAccount, withdrawals.destAccountNumber),
      eq(walletTransactions.note, withdrawals.referenceNumber),
    ),
  ) as SQL;
}

/**
 * No withdrawal claims the transfer: none is linked to it, and none reported it under its provider
 * id (a withdrawal the phone settled is linked to its transfer a moment after the transfer is
 * stored).
 */
export function transferUnclaimed(): SQL {
  return sql`not exists (select 1 from withdrawals claimed where claimed.wallet_transaction_id = ${walletTransactions.id})
    and not exists (select 1 from withdrawals claimed where claimed.wallet_account_id = ${walletTransactions.accountId}
      and claimed.transfer_reference = ${walletTransactions.providerTransactionId})`;
}
