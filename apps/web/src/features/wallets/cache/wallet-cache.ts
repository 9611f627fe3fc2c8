import type { ListWalletsResponse, WalletAccount } from '@gerbang/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { getWalletQueryOptions } from '../api/get-wallet';
import { getWalletsQueryOptions, type WalletListFilters } from '../api/get-wallets';

type Pages = InfiniteData<ListWalletsResponse, string | null>;

/** Lists filtered by a state an update can change (status, login, health) are read again instead. */
const isStateFiltered = (filters: WalletListFilters | undefined) =>
  Boolean(filters && (filters.status || filters.login || filters.health));

/**
 * Puts freshly read accounts into every cached list and detail, in place: a list keeps its rows
 * and order, and only the changed rows get new objects (so only they re-render). Lists whose
 * filters the change might move an account in or out of are invalidated instead.
 */
export function storeFreshWallets(queryClient: QueryClient, fresh: readonly WalletAccount[]): void {
  if (fresh.length === 0) return;
  const byId = new Map(fresh.map((account) => [account.id, account]));
  for (const account of fresh) queryClient.setQueryData(getWalletQueryOptions(account.id).queryKey, account);
  for (const [key, data] of queryClient.getQueriesData<Pages>({ queryKey: getWalletsQueryOptions().queryKey })) {
    if (!data) continue;
    const filters = key[2] as WalletListFilters | undefined;
    const touches = data.pages.some((page) => page.items.some((item) => byId.has(item.id)));
    if (!touches) continue;
    if (isStateFiltered(filters)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    queryClient.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => byId.get(item.id) ?? item) })),
    });
  }
}

/** The cached accounts that live on these phones (a phone's presence changes their readiness). */
export function cachedWalletIdsOnDevices(queryClient: QueryClient, deviceIds: ReadonlySet<string>): string[] {
  const ids = new Set<string>();
  for (const [, data] of queryClient.getQueriesData<Pages>({ queryKey: getWalletsQueryOptions().queryKey })) {
    for (const page of data?.pages ?? [])
      for (const item of page.items) if (deviceIds.has(item.deviceId)) ids.add(item.id);
  }
  for (const [, account] of queryClient.getQueriesData<WalletAccount>({ queryKey: ['wallets', 'detail'] })) {
    if (account && deviceIds.has(account.deviceId)) ids.add(account.id);
  }
  return [...ids];
}

/**
 * The cached accounts whose phone's presence differs from what their readiness says (the map
 * names every connected phone: one missing from it is offline).
 */
export function cachedWalletIdsWithPresenceChange(
  queryClient: QueryClient,
  connected: Record<string, boolean>,
): string[] {
  const ids = new Set<string>();
  const consider = (account: WalletAccount) => {
    const wasOnline = !account.readiness.reasons.includes('device_offline');
    if (wasOnline !== (connected[account.deviceId] === true)) ids.add(account.id);
  };
  for (const [, data] of queryClient.getQueriesData<Pages>({ queryKey: getWalletsQueryOptions().queryKey })) {
    for (const page of data?.pages ?? []) for (const item of page.items) consider(item);
  }
  for (const [, account] of queryClient.getQueriesData<WalletAccount>({ queryKey: ['wallets', 'detail'] })) {
    if (account) consider(account);
  }
  return [...ids];
}
