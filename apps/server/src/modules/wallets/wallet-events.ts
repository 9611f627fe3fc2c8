import { WALLET_PROVIDER_TABLE, type WalletHealthCheckItem, type WalletLoginStatusUpdate } from '@gerbang/contract';
import type { Broadcaster } from '../realtime/broadcaster';

/** Changes come in bursts (a bulk check, a fleet reconnecting): one refresh per burst is enough. */
const COALESCE_MS = 100;

/**
 * Wallet events to the consoles, only to roles allowed to view wallets (emitToArea). Login and
 * check events go out at once; `wallet:refresh` collects the accounts that changed for a moment.
 */
export function createWalletEvents() {
  let broadcaster: Broadcaster | null = null;
  let pending = new Set<string>();
  let isListWide = false;
  let timer: NodeJS.Timeout | undefined;
  const changeListeners = new Set<() => void>();

  function flush() {
    timer = undefined;
    const accountIds = isListWide ? [] : [...pending];
    pending = new Set();
    isListWide = false;
    broadcaster?.emitToArea('wallets', 'wallet:refresh', { accountIds });
  }

  return {
    bind(b: Broadcaster) {
      broadcaster = b;
    },
    /** Spec §7 names the Maya event; the other providers get its twin with the same payload. */
    loginStatus(update: WalletLoginStatusUpdate) {
      const event = WALLET_PROVIDER_TABLE[update.provider].loginStatusEvent;
      broadcaster?.emitToArea('wallets', event, update);
    },
    healthCheck(items: WalletHealthCheckItem[]) {
      if (items.length > 0) broadcaster?.emitToArea('wallets', 'wallet-health-check', items);
    },
    /** These accounts changed; none given: accounts were added or removed (lists as a whole). */
    changed(accountIds: readonly string[] = []) {
      for (const listener of changeListeners) listener();
      if (accountIds.length === 0) isListWide = true;
      for (const id of accountIds) pending.add(id);
      timer ??= setTimeout(flush, COALESCE_MS);
    },
    /** Called at once on every change (before the coalesced console event), e.g. to drop a cache. */
    onChanged(listener: () => void) {
      changeListeners.add(listener);
    },
    close() {
      broadcaster = null;
      changeListeners.clear();
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
export type WalletEvents = ReturnType<typeof createWalletEvents>;
