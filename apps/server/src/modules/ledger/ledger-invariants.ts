import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** Both drivers answer raw SQL with `{ rows }`. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What must hold of the ledger at any moment, read from the database: every journal sums to zero
 * and has entries; every account's kept balance equals the sum of its entries; no merchant's
 * available balance is below zero. Returns the violations (none when the ledger is sound). Run by
 * the tests after every concurrent run.
 */
export async function ledgerViolations(db: Database): Promise<string[]> {
  const unbalanced = await rows<{ id: string; total: string }>(
    db,
    sql`
    select j.id, coalesce(sum(e.amount_minor), 0)::text as total
    from ledger_journals j left join ledger_entries e on e.journal_id = j.id
    group by j.id
    having count(e.id) = 0 or sum(e.amount_minor) <> 0`,
  );
  const drifted = await rows<{ code: string; kept: string; summed: string }>(
    db,
    sql`
    select a.code, a.balance_minor::text as kept, coalesce(sum(e.amount_minor), 0)::text as summed
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id
    having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`,
  );
  const negative = await rows<{ code: string; balance: string }>(
    db,
    sql`
    select code, (balance_minor * normal)::text as balance from ledger_accounts
    where kind = 'merchant_available' and balance_minor * normal < 0`,
  );
  const mixed = await rows<{ id: string }>(
    db,
    sql`
    select distinct j.id from ledger_journals j
    join ledger_entries e on e.journal_id = j.id
    join ledger_accounts a on a.id = e.account_id
    where a.currency <> j.currency`,
  );
  return [
    ...unbalanced.map((r) => `journal ${r.id} sums to ${r.total}`),
    ...drifted.map((r) => `account ${r.code} keeps ${r.kept} but its entries sum to ${r.summed}`),
    ...negative.map((r) => `account ${r.code} is below zero: ${r.balance}`),
    ...mixed.map((r) => `journal ${r.id} mixes currencies`),
  ];
}
