import type { Currency } from '@gerbang/contract';

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
