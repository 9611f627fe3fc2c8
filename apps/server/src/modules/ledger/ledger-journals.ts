import { formatAmount, type LedgerJournalView } from '@gerbang/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema';

/** The journals posted for these references (a session, its transfer), oldest first, with entries. */
export async function journalsOf(db: Database, referenceIds: string[]): Promise<LedgerJournalView[]> {
  if (referenceIds.length === 0) return [];
  const rows = await db
    .select({
      journal: ledgerJournals,
      entryId: ledgerEntries.id,
      account: ledgerAccounts.kind,
      amountMinor: ledgerEntries.amountMinor,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerJournals.referenceId, referenceIds))
    .orderBy(asc(ledgerJournals.createdAt), asc(ledgerEntries.id));
  const journals = new Map<string, LedgerJournalView>();
  for (const row of rows) {
    const { journal } = row;
    let view = journals.get(journal.id);
    if (!view) {
      view = {
        id: journal.id,
        kind: journal.kind,
        currency: journal.currency,
        memo: journal.memo,
        createdAt: journal.createdAt.toISOString(),
        entries: [],
      };
      journals.set(journal.id, view);
    }
    view.entries.push({ account: row.account, amount: formatAmount(row.amountMinor, journal.currency) });
  }
  return [...journals.values()];
}
