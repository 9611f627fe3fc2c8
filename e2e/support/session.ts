import { ACCESS_TOKEN_STORAGE_KEY, CURRENT_USER_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@gerbang/contract';
import type { Page } from '@playwright/test';
import { type Credentials, signInByApi } from './api';
import { ADMIN_URL } from './e2e-env';

/**
 * Signs in through the API and stores the session where the console keeps it (spec §3), so a
 * test starts signed in without walking the sign-in form again. `origin` is the console's URL.
 * With `rememberUser`, the user is stored beside the tokens as the sign-in page leaves it: the
 * console then draws at once, as for a returning operator, instead of waiting for its check.
 */
export async function startSignedIn(
  page: Page,
  credentials: Credentials,
  origin = ADMIN_URL,
  { rememberUser = false } = {},
): Promise<void> {
  const session = await signInByApi(credentials);
  const items: [string, string][] = [
    [ACCESS_TOKEN_STORAGE_KEY, session.accessToken],
    [REFRESH_TOKEN_STORAGE_KEY, session.refreshToken],
    ...(rememberUser ? [[CURRENT_USER_STORAGE_KEY, JSON.stringify(session.user)] as [string, string]] : []),
  ];
  // Any page of the origin gives access to its localStorage; the sign-in page is the lightest.
  await page.goto(new URL('/auth/signin', origin).toString());
  await page.evaluate((entries) => {
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, items);
}
