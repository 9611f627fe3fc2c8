import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY, type TokenPair } from '@gerbang/contract';
import { localStore } from './local-store';

/**
 * The session's two tokens in localStorage (spec §3). Changes are observable so the session
 * follows sign-in, refresh and sign-out, including those made in another tab.
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return localStore.get(ACCESS_TOKEN_STORAGE_KEY);
}

export function getRefreshToken(): string | null {
  return localStore.get(REFRESH_TOKEN_STORAGE_KEY);
}

/** Spec §5: a session needs both stored credentials. */
export function hasBothTokens(): boolean {
  return Boolean(getAccessToken() && getRefreshToken());
}

export function setTokens({ accessToken, refreshToken }: TokenPair): void {
  localStore.set(ACCESS_TOKEN_STORAGE_KEY, accessToken);
  localStore.set(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
  notify();
}

export function clearTokens(): void {
  localStore.remove(ACCESS_TOKEN_STORAGE_KEY);
  localStore.remove(REFRESH_TOKEN_STORAGE_KEY);
  notify();
}

export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_STORAGE_KEY || event.key === REFRESH_TOKEN_STORAGE_KEY) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
