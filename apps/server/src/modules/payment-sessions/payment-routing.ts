import type { Currency } from '@gerbang/contract';

/**
 * The most a session's amount is lowered to make it unique on its account: Rp 99, ₱0.99. A
 * customer never pays more than the merchant asked (plus its extra fee).
 */
export const UNIQUE_DISCOUNT_MAX_MINOR: Record<Currency, bigint> = { IDR: 99n, PHP: 99n };

/**
 * The smallest discount whose final amount (amount − discount + extra fee) no open session of the
 * account has reserved; null when every one within the bound is taken.
 */
export function pickDiscount(
  amountMinor: bigint,
  extraFeeMinor: bigint,
  reserved: ReadonlySet<bigint>,
  maxMinor: bigint,
): bigint | null {
  for (let discount = 0n; discount <= maxMinor; discount += 1n) {
    const finalMinor = amountMinor - discount + extraFeeMinor;
    if (finalMinor <= 0n) return null;
    if (!reserved.has(finalMinor)) return discount;
  }
  return null;
}

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
