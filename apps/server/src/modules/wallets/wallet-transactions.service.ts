import {
  CURRENCY_OF_PROVIDER,
  PROVIDER_TIME_ZONES,
  parseAmount,
  type ReportedWalletTransaction,
  reportedWalletTransactionSchema,
  type WalletProvider,
} from '@gerbang/contract';
import { notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { WalletEvents } from './wallet-events';
import type { NewWalletTransaction, WalletTransactionsRepository } from './wallet-transactions.repository';
import type { WalletsRepository } from './wallets.repository';

type Account = { id: string; provider: WalletProvider };
export type TransactionsParse = { ok: true; rows: NewWalletTransaction[] } | { ok: false; message: string };

/**
 * Reported transfers → rows in the account's currency. The whole report is refused when any
 * amount is not exact in that currency, or not positive: a half-stored report would look complete.
 */
export function parseReportedTransactions(
  account: Account,
  reports: readonly ReportedWalletTransaction[],
  source: NewWalletTransaction['source'],
): TransactionsParse {
  const currency = CURRENCY_OF_PROVIDER[account.provider];
  const rows: NewWalletTransaction[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of reports.entries()) {
    const report = reportedWalletTransactionSchema.safeParse(raw);
    if (!report.success) return { ok: false, message: `transactions.${index}: not a valid transaction` };
    const amount = parseAmount(report.data.amount, currency);
    if (!amount.ok) return { ok: false, message: `transactions.${index}.amount: ${amount.message}` };
    if (amount.minor <= 0n) return { ok: false, message: `transactions.${index}.amount: must be more than zero` };
    // The same transfer twice in one report is one transfer.
    if (seen.has(report.data.providerTransactionId)) continue;
    seen.add(report.data.providerTransactionId);
    rows.push({
      accountId: account.id,
      providerTransactionId: report.data.providerTransactionId,
      direction: report.data.direction,
      amountMinor: amount.minor,
      currency,
      counterpartyName: report.data.counterpartyName,
      counterpartyAccount: report.data.counterpartyAccount,
      note: report.data.note,
      occurredAt: new Date(report.data.occurredAt),
      source,
    });
  }
  return { ok: true, rows };
}

export function createWalletTransactionsService(deps: {
  repo: WalletTransactionsRepository;
  wallets: WalletsRepository;
  events: WalletEvents;
  /** New incoming transfers of an account were stored (deposit matching listens). */
  onIncomingStored?: (accountId: string) => void;
  /** New outgoing transfers of an account were stored (withdrawal reconciliation listens). */
  onOutgoingStored?: (accountId: string) => void;
}) {
  return {
    /** Stores what is new of a parsed report; tells the consoles when anything was. */
    async store(account: Account, rows: NewWalletTransaction[]): Promise<{ inserted: number; known: number }> {
      const inserted = await deps.repo.insertNew(rows, PROVIDER_TIME_ZONES[account.provider]);
      if (inserted > 0) deps.events.changed([account.id]);
      if (inserted > 0 && rows.some((row) => row.direction === 'in')) deps.onIncomingStored?.(account.id);
      if (inserted > 0 && rows.some((row) => row.direction === 'out')) deps.onOutgoingStored?.(account.id);
      return { inserted, known: rows.length - inserted };
    },

    async list(accountId: string, query: { limit: number; cursor?: string }) {
      const after = decodeKeysetCursor(query.cursor);
      const rows = await deps.repo.page(accountId, query.limit, after);
      // A transfer keeps its account (the foreign key restricts deletes): only an empty page can
      // be an unknown account's, so only that costs a second round trip.
      if (rows.length === 0 && !(await deps.wallets.findById(accountId))) throw notFound('Wallet account');
      return toPage(rows, query.limit);
    },
  };
}
export type WalletTransactionsService = ReturnType<typeof createWalletTransactionsService>;
