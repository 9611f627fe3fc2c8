import { CURRENCY_OF_PROVIDER, formatAmount, type WalletProvider, type WalletSummary } from '@gerbang/contract';
import type { WalletEvents } from './wallet-events';
import { readinessOfRecord } from './wallet-view';
import type { WalletsRepository } from './wallets.repository';

/**
 * How long a provider's summary is served from memory. Every console refetches it after each burst
 * of wallet events, so many consoles ask for the same counts at once; computing them reads every
 * account of the provider. A change of an account on this instance drops the cached counts at
 * once; what it cannot see (another instance's change, a phone going offline) shows within this.
 */
export const WALLET_SUMMARY_FRESH_MS = 2_000;

/**
 * The dashboard's counts for one provider: readiness decided per account by the one readiness
 * function, summed here. Concurrent requests share one computation.
 */
export function createWalletSummaries(deps: { repo: WalletsRepository; events: WalletEvents; freshMs?: number }) {
  const freshMs = deps.freshMs ?? WALLET_SUMMARY_FRESH_MS;
  let cache = new Map<WalletProvider, { at: number; summary: Promise<WalletSummary> }>();
  deps.events.onChanged(() => {
    cache = new Map();
  });

  async function compute(provider: WalletProvider): Promise<WalletSummary> {
    const records = await deps.repo.summaryFactsOf(provider);
    let ready = 0;
    let balance = 0n;
    let loggedIn = 0;
    let failing = 0;
    let disabled = 0;
    for (const r of records) {
      if (readinessOfRecord(r, r.today).isReady) ready += 1;
      balance += r.balanceMinor ?? 0n;
      if (r.loginStatus === 'logged_in') loggedIn += 1;
      if (r.healthState === 'failing' || r.status === 'auto_disabled') failing += 1;
      if (r.status !== 'active') disabled += 1;
    }
    const currency = CURRENCY_OF_PROVIDER[provider];
    return {
      provider,
      currency,
      total: records.length,
      ready,
      loggedIn,
      failing,
      disabled,
      totalBalance: formatAmount(balance, currency),
    };
  }

  return {
    of(provider: WalletProvider): Promise<WalletSummary> {
      const cached = cache.get(provider);
      if (cached && Date.now() - cached.at < freshMs) return cached.summary;
      const entry = { at: Date.now(), summary: compute(provider) };
      // A failed computation is not kept.
      entry.summary.catch(() => {
        if (cache.get(provider) === entry) cache.delete(provider);
      });
      cache.set(provider, entry);
      return entry.summary;
    },
  };
}
export type WalletSummaries = ReturnType<typeof createWalletSummaries>;
