import { expect, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import {
  ADMIN_PAGES,
  AUTH_PAGES,
  CUSTOMER_PAGES,
  currentPath,
  INVALID_CREDENTIALS_MESSAGE,
  passwordField,
  submitSignIn,
} from '../support/pages';

const signInWithRedirect = (back: string) => `/auth/signin?redirect=${encodeURIComponent(back)}`;

test('every protected page sends a signed-out visitor to sign-in, carrying the path and query', async ({ page }) => {
  for (const { path } of ADMIN_PAGES) {
    if (path === '/change-password') continue;
    const withQuery = `${path}?from=e2e&n=1`;
    await page.goto(withQuery);
    await expect.poll(() => currentPath(page), { message: withQuery }).toBe(signInWithRedirect(withQuery));
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  }
});

test('/change-password sends a signed-out visitor to sign-in with redirect "/"', async ({ page }) => {
  await page.goto('/change-password');
  await expect.poll(() => currentPath(page)).toBe(signInWithRedirect('/'));
});

test('signing in returns the user to the page they asked for, query included', async ({ page }) => {
  await page.goto('/user?q=admin');
  await expect.poll(() => currentPath(page)).toBe(signInWithRedirect('/user?q=admin'));
  await submitSignIn(page, FIRST_ADMIN);
  await expect.poll(() => currentPath(page)).toBe('/user?q=admin');
  await expect(page).toHaveTitle('User Management');
});

test('a wrong password keeps the visitor on sign-in with one generic message', async ({ page }) => {
  await page.goto('/auth/signin');
  await submitSignIn(page, { email: FIRST_ADMIN.email, password: 'not-the-right-password' });
  await expect(page.getByText(INVALID_CREDENTIALS_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(passwordField(page, 'Password')).toHaveValue('not-the-right-password');
});

test('the sign-in form asks for both fields before calling the server', async ({ page }) => {
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
});

test('auth and customer pages open without signing in', async ({ page }) => {
  for (const { path, title } of [...AUTH_PAGES, ...CUSTOMER_PAGES]) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
    expect(new URL(page.url()).pathname).toBe(path);
  }
});
