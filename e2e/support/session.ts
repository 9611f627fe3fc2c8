import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@gerbang/contract';
import type { Page } from '@playwright/test';
import { type Credentials, signInByApi } from './api';
import { ADMIN_URL } from './e2e-env';

/**
 * Signs in through the API and stores the session where the console keeps it (spec §3), so a
 * test starts signed in without walking the sign-in form again. `origin` is the console's URL.
 */
export async function startSignedIn(page: Page, credentials: Credentials, origin = ADMIN_URL): Promise<void> {
  const tokens = await signInByApi(credentials);
  // Any page of the origin gives access to its localStorage; the sign-in page is the lightest.
  await page.goto(new URL('/auth/signin', origin).toString());
  await page.evaluate(
    ({ keys, values }) => {
      localStorage.setItem(keys.access, values.access);
      localStorage.setItem(keys.refresh, values.refresh);
    },
    {
      keys: { access: ACCESS_TOKEN_STORAGE_KEY, refresh: REFRESH_TOKEN_STORAGE_KEY },
      values: { access: tokens.accessToken, refresh: tokens.refreshToken },
    },
  );
}
