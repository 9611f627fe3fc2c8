import { type Currency, formatAmount, STATEMENT_COLUMNS } from '@gerbang/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ledgerAccounts } from '../../db/schema';
import { csvField, EXPORT_PAGE_ROWS } from '../../http/csv-export';

type Movement = {
  id: string;
  at: string;
  amount: string;
  kind: string;
  withdrawal_kind: string | null;
  reference: string;
};

/** Both drivers answer raw SQL with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One line of a statement: the opening, a movement (with the balance after it), or the closing. */
export type StatementLine = {
  at: string;
  type: string;
  reference: string | null;
  /** What it added to the available balance (negative: took); null on the opening and closing lines. */
  amount: string | null;
  balance: string;
};

/**
 * One CSV line. The amounts are numbers a spreadsheet should add up, written as formatAmount makes
 * them (a sign, digits, a point): not text, so not guarded as text against formulas.
 */
function csvLineOf(line: StatementLine, currency: string) {
  return `${[csvField(line.at), csvField(line.type), csvField(line.reference), line.amount ?? '', line.balance, currency].join(',')}\r\n`;
}

/** A journal's kind as the statement names it: a refund's hold and release are the refund's. */
function typeOf(movement: Movement): string {
  if (movement.withdrawal_kind === 'refund') return movement.kind.replace('withdrawal_', 'refund_');
  if (movement.kind === 'unclaimed_payout_charged') return 'payout_charged';
  if (['deposit', 'manual_credit', 'withdrawal_hold', 'withdrawal_release'].includes(movement.kind)) {
    return movement.kind;
  }
  return 'adjustment';
}

/**
 * A merchant's statement for [from, to) (contract ledger/statement.ts), read from its
 * available-balance account's ledger entries a page at a time in the order they were written: the
 * opening balance (every entry before `from`), each movement with the balance after it, and the
 * closing balance, which is the opening plus the movements by construction and equals the ledger's
 * balance at `to`. References are the merchant's own (a session's or a withdrawal's reference
 * number, a manual credit's reference). Pages of lines, so a long statement never sits in memory.
 */
export async function* merchantStatementLines(
  db: Database,
  merchant: { id: string; currency: Currency },
  range: { from: string; to: string },
): AsyncGenerator<StatementLine[]> {
  const { currency } = merchant;
  const [account] = await db
    .select({ id: ledgerAccounts.id, normal: ledgerAccounts.normal })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, merchant.id),
        eq(ledgerAccounts.kind, 'merchant_available'),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  const money = (minor: bigint) => formatAmount(minor, currency);
  if (!account) {
    yield [
      { at: range.from, type: 'opening_balance', reference: null, amount: null, balance: money(0n) },
      { at: range.to, type: 'closing_balance', reference: null, amount: null, balance: money(0n) },
    ];
    return;
  }
  const normal = BigInt(account.normal);
  const [opening] = rowsOf<{ sum: string }>(
    await db.execute(sql`
      select coalesce(sum(amount_minor), 0)::text as sum from ledger_entries
      where account_id = ${account.id} and created_at < ${range.from}::timestamptz`),
  );
  let balance = BigInt(opening?.sum ?? '0') * normal;
  yield [{ at: range.from, type: 'opening_balance', reference: null, amount: null, balance: money(balance) }];
  let after = '0';
  for (;;) {
    const page = rowsOf<Movement>(
      await db.execute(sql`
        select e.id::text as id, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
          e.amount_minor::text as amount, j.kind, w.kind as withdrawal_kind,
          coalesce(s.reference_number, w.reference_number, m.credit_reference, j.reference_id::text) as reference
        from ledger_entries e
        join ledger_journals j on j.id = e.journal_id
        left join payment_sessions s on j.reference_type = 'payment_session' and s.id = j.reference_id
        left join withdrawals w on j.reference_type = 'withdrawal' and w.id = j.reference_id
        left join deposit_matches m on j.reference_type = 'wallet_transaction' and m.wallet_transaction_id = j.reference_id
        where e.account_id = ${account.id} and e.id > ${after}::bigint
          and e.created_at >= ${range.from}::timestamptz and e.created_at < ${range.to}::timestamptz
        order by e.id
        limit ${EXPORT_PAGE_ROWS}`),
    );
    const lines: StatementLine[] = [];
    for (const movement of page) {
      const amount = BigInt(movement.amount) * normal;
      balance += amount;
      lines.push({
        at: movement.at,
        type: typeOf(movement),
        reference: movement.reference,
        amount: money(amount),
        balance: money(balance),
      });
    }
    if (lines.length > 0) yield lines;
    const last = page.at(-1);
    if (page.length < EXPORT_PAGE_ROWS || !last) break;
    after = last.id;
  }
  yield [{ at: range.to, type: 'closing_balance', reference: null, amount: null, balance: money(balance) }];
}

/** The statement as CSV (STATEMENT_COLUMNS), streamed. */
export async function* merchantStatementCsv(
  db: Database,
  merchant: { id: string; currency: Currency },
  range: { from: string; to: string },
): AsyncGenerator<string> {
  yield `${STATEMENT_COLUMNS.join(',')}\r\n`;
  for await (const lines of merchantStatementLines(db, merchant, range)) {
    yield lines.map((line) => csvLineOf(line, merchant.currency)).join('');
  }
}
