import { MODE_HEADER, type Mode } from '@gerbang/contract';
import { useSyncExternalStore } from 'react';
import { setExtraRequestHeaders } from './api-client';
import { hasBothTokens, subscribeTokens } from './auth-tokens';
import { localStore } from './local-store';

/**
 * The merchant console's Test/Live switch (docs/test-mode.md): kept in this browser, sent with
 * every API call (MODE_HEADER) and the realtime handshake, so the server answers with the test
 * twin's data. Operators never see the switch; the server ignores the mode for them.
 */
const STORAGE_KEY = 'gerbang.console-mode';
const listeners = new Set<() => void>();

export function getConsoleMode(): Mode {
  return localStore.get(STORAGE_KEY) === 'test' ? 'test' : 'live';
}

export function setConsoleMode(mode: Mode): void {
  if (mode === getConsoleMode()) return;
  if (mode === 'test') localStore.set(STORAGE_KEY, 'test');
  else localStore.remove(STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function subscribeConsoleMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsoleMode(): Mode {
  return useSyncExternalStore(subscribeConsoleMode, getConsoleMode, () => 'live' as const);
}

// Switched in another tab of this console: this one follows at once, so no tab shows one mode while
// its requests act in the other.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  for (const listener of listeners) listener();
});

setExtraRequestHeaders((): Record<string, string> => (getConsoleMode() === 'test' ? { [MODE_HEADER]: 'test' } : {}));
// Signed out: the next user of this browser starts live.
subscribeTokens(() => {
  if (!hasBothTokens()) setConsoleMode('live');
});
