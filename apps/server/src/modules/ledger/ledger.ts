import type { Currency } from '@gerbang/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type LEDGER_BOOKS, ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema';

export type LedgerBook = (typeof LEDGER_BOOKS)[number];

import { sqlArray } from '../../db/sql-array';
import { sqlRows } from '../../db/sql-rows';
import { LEDGER_ACCOUNTS, type LedgerAccountRef, NORMAL_BALANCE } from './ledger-accounts';

export type JournalLine = { account: LedgerAccountRef; amountMinor: bigint };

export type Journal = {
  /** With the reference, a journal is posted at most once (a unique index says so). */
  kind: string;
  referenceType: string;
  referenceId: string;
  currency: Currency;
  /** Live money (the default) or test mode's: every account it moves is in its book. */
  book?: LedgerBook;
  memo?: string;
  /** Debit positive, credit negative; they must sum to zero. */
  lines: JournalLine[];
};

export class UnbalancedJournalError extends Error {}

/**
 * An account as its book keeps it: test mode's accounts are their live purpose's code under
 * "test:" ("test:fees:IDR"), so a test journal never finds a live account, nor the reverse.
 */
function inBook(ref: LedgerAccountRef, book: LedgerBook): LedgerAccountRef & { book: LedgerBook } {
  return book === 'live' ? { ...ref, book } : { ...ref, code: `${book}:${ref.code}`, book };
}

/**
 * Posts a journal inside the caller's transaction (so it commits or rolls back with the state
 * change it records). Returns false when a journal of this kind and reference already exists:
 * posting twice is a no-op, never a second movement. Balances move in account-code order, so two
 * journals touching the same accounts lock them in the same order and cannot deadlock.
 */
export async function postJournal(tx: Database, journal: Journal): Promise<boolean> {
  const book = journal.book ?? 'live';
  const lines = journal.lines
    .filter((line) => line.amountMinor !== 0n)
    .map((line) => ({ ...line, account: inBook(line.account, book) }));
  const sum = lines.reduce((total, line) => total + line.amountMinor, 0n);
  if (sum !== 0n || lines.some((line) => line.account.currency !== journal.currency)) {
    throw new UnbalancedJournalError(`journal ${journal.kind} ${journal.referenceId} does not balance`);
  }
  // A journal that moves nothing would still take its kind and reference: refused, as it was when
  // its empty entries failed to insert.
  if (lines.length === 0) {
    throw new UnbalancedJournalError(`journal ${journal.kind} ${journal.referenceId} moves no money`);
  }
  const refs = [...new Map(lines.map((line) => [line.account.code, line.account])).values()];
  const idOf = await accountIds(tx, refs, journal.currency);
  const accountId = (code: string) => {
    const id = idOf.get(code);
    if (!id) throw new Error(`ledger account ${code} (${journal.currency}) is missing`);
    return id;
  };
  const byAccount = new Map<string, bigint>();
  for (const line of lines) {
    byAccount.set(line.account.code, (byAccount.get(line.account.code) ?? 0n) + line.amountMinor);
  }
  // In code order, and only the accounts it moves: one it nets to zero is not locked for nothing.
  const moves = [...byAccount].filter(([, delta]) => delta !== 0n).sort(([a], [b]) => (a < b ? -1 : 1));
  // One statement writes the journal, its entries and the balances (gerbang_move_balances,
  // migration 0053), all from the journal's row: a journal of this kind and reference that exists
  // already (a replay) inserts nothing, so nothing else is written either. Only the same kind for
  // the same reference is a replay; any other unique rule (a hold settled and released both) is an
  // error that rolls the caller back. The accounts it locks stay locked until the caller commits,
  // so the caller posts its journal last.
  const [result] = await sqlRows<{ posted: number }>(
    tx,
    sql`
      with posted as (
        insert into ${ledgerJournals} (kind, reference_type, reference_id, currency, book, memo)
        values (${journal.kind}, ${journal.referenceType}, ${journal.referenceId}::uuid, ${journal.currency},
          ${book}, ${journal.memo ?? null})
        on conflict (kind, reference_id) do nothing
        returning id
      ), entries as (
        insert into ${ledgerEntries} (journal_id, account_id, currency, book, amount_minor)
        select posted.id, line.account_id, ${journal.currency}, ${book}, line.amount_minor
        from posted, unnest(${sqlArray(
          lines.map((line) => accountId(line.account.code)),
          'uuid',
        )}, ${sqlArray(
          lines.map((line) => line.amountMinor),
          'bigint',
        )}) with ordinality as line(account_id, amount_minor, n)
        order by line.n
      ), moved as (
        select gerbang_move_balances(${sqlArray(
          moves.map(([code]) => accountId(code)),
          'uuid',
        )}, ${sqlArray(
          moves.map(([, delta]) => delta),
          'bigint',
        )}) from posted
      )
      select count(*)::int as posted from posted, moved`,
  );
  return result?.posted === 1;
}

/**
 * The ids of a journal's accounts, by code, created the first time one is used. Read first: an
 * insert that meets an existing account waits for every transaction that moved its balance and has
 * not committed yet (a unique index's check), which on a busy merchant's or the fees account queued
 * every posting behind the one before it.
 */
async function accountIds(
  tx: Database,
  refs: (LedgerAccountRef & { book: LedgerBook })[],
  currency: Currency,
): Promise<Map<string, string>> {
  const read = async () =>
    new Map(
      (
        await tx
          .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
          .from(ledgerAccounts)
          .where(
            and(
              inArray(
                ledgerAccounts.code,
                refs.map((ref) => ref.code),
              ),
              // An account of another currency is another account.
              eq(ledgerAccounts.currency, currency),
            ),
          )
      ).map((account) => [account.code, account.id]),
    );
  const found = await read();
  // In code order: two postings creating the same accounts at once meet them in the same order.
  const missing = refs.filter((ref) => !found.has(ref.code)).sort((a, b) => (a.code < b.code ? -1 : 1));
  if (missing.length === 0) return found;
  await tx
    .insert(ledgerAccounts)
    .values(missing.map((ref) => ({ ...ref, normal: NORMAL_BALANCE[ref.kind] })))
    .onConflictDoNothing();
  return read();
}

/** A merchant's balances as the merchant reads them (credit-normal accounts, shown positive). */
export async function merchantBalances(
  db: Database,
  merchantId: string,
  currency: Currency,
): Promise<{ availableMinor: bigint; pendingMinor: bigint }> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceMinor, normal: ledgerAccounts.normal })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.currency, currency)));
  const read = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? row.balance * BigInt(row.normal) : 0n;
  };
  return {
    availableMinor: read(LEDGER_ACCOUNTS.merchantAvailable(merchantId, currency).kind),
    pendingMinor: read(LEDGER_ACCOUNTS.merchantPending(merchantId, currency).kind),
  };
}
