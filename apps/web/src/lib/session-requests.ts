import { type CurrentUser, currentUser, currentUserResponseSchema, logout } from '@gerbang/contract';
import { api } from './api-client';
import './zod-config';

/**
 * The session's HTTP calls. Loaded on first use (see ./session), so the HTTP client and the
 * contract's schemas stay off the sign-in page's first download.
 */

/** An empty answer fails the schema, which counts as a failed check (spec §4). */
export async function requestCurrentUser(): Promise<CurrentUser> {
  const response = await api.request({ method: currentUser.method, url: currentUser.path });
  return currentUserResponseSchema.parse(response.data);
}

export async function requestLogout(): Promise<void> {
  await api.request({ method: logout.method, url: logout.path });
}
