import { CURRENT_USER_STORAGE_KEY, type CurrentUser } from '@gerbang/contract';
import { localStore } from './local-store';

/**
 * The signed-in user as the server last described it, kept beside the tokens, so that a
 * returning operator's console draws at once while the current-user check runs again (a failed
 * check still ends the session). It only decides what to draw: the server authorizes every call.
 */
export function readRememberedUser(): CurrentUser | null {
  try {
    const value: unknown = JSON.parse(localStore.get(CURRENT_USER_STORAGE_KEY) ?? 'null');
    return looksLikeUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberUser(user: CurrentUser): void {
  localStore.set(CURRENT_USER_STORAGE_KEY, JSON.stringify(user));
}

export function forgetUser(): void {
  localStore.remove(CURRENT_USER_STORAGE_KEY);
}

/** A cheap shape check: the schemas load later, with the HTTP client, and the check replaces it. */
function looksLikeUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    typeof user.name === 'string' &&
    typeof user.roleId === 'number' &&
    typeof user.secondFactorRequired === 'boolean'
  );
}
