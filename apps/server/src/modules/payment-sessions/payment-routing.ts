import { ACCOUNT_TYPE_OF_PROVIDER, type Currency, type WalletProvider } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { paymentSessions, walletAccounts } from '../../db/schema';
import { AWAITING_MONEY } from './payment-session-guards';

/**
 * The most a session's amount is lowered to make it unique on its account: Rp 99, ₱0.99. A
 * customer never pays more than the merchant asked (plus its extra fee).
 */
export const UNIQUE_DISCOUNT_MAX_MINOR: Record<Currency, bigint> = { IDR: 99n, PHP: 99n };

/** Accounts with the fewest sessions waiting for money first; ties in random order. */
export function rankAccounts<A extends { id: string }>(
  accounts: readonly A[],
  openCounts: ReadonlyMap<string, number>,
  random: () => number = Math.random,
): A[] {
  return accounts
    .map((account) => ({ account, load: openCounts.get(account.id) ?? 0, tie: random() }))
    .sort((a, b) => a.load - b.load || a.tie - b.tie)
    .map((entry) => entry.account);
}

/**
 * What routing needs of each account of a method besides its readiness, read with the readiness
 * facts in one statement (`summaryFactsOf`'s extra columns): whether a customer can be told where
 * to pay it (a bank account always; an e-wallet once its phone reported its receive QR), and how
 * many sessions wait for money on it (an index-only probe of the open amounts' index).
 */
export const routingColumns = (method: WalletProvider) => ({
  receives: (ACCOUNT_TYPE_OF_PROVIDER[method] === 'bank'
    ? sql<boolean>`true`
    : sql<boolean>`${walletAccounts.qrPayload} is not null`
  ).as('receives'),
  waiting: sql<number>`(select count(*)::int from ${paymentSessions} w
    where w.wallet_account_id = ${walletAccounts.id}
      and w.status in (${sql.join(
        AWAITING_MONEY.map((status) => sql`${status}`),
        sql`, `,
      )}))`.as('waiting'),
});
