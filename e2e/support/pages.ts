import { expect, type Page } from '@playwright/test';
import type { Credentials } from './api';

/**
 * Texts and routes as the English console shows them (apps/web/src/locales/en, admin-routes.ts).
 * Kept in one place so a wording change breaks one line, not every spec.
 */
export const ADMIN_PAGES = [
  { path: '/', title: 'Device Dashboard' },
  { path: '/transaction', title: 'Transaction' },
  { path: '/dana', title: 'Wallet Dashboard' },
  { path: '/maya', title: 'Maya Dashboard' },
  { path: '/livin', title: 'Bank Dashboard' },
  { path: '/merchant', title: 'Merchant Management' },
  { path: '/user', title: 'User Management' },
  { path: '/proxy', title: 'Proxy Management' },
  { path: '/change-password', title: 'Change Password' },
  { path: '/withdrawal-requests', title: 'Withdrawal Request' },
  { path: '/transaction-session', title: 'Transaction Session' },
  { path: '/audit', title: 'Audit Log' },
  { path: '/permissions', title: 'Permissions' },
  { path: '/alerts', title: 'Alerts' },
  { path: '/account/security', title: 'Account Security' },
  { path: '/security', title: 'Security Policy' },
] as const;

/** Public pages that stay reachable while signed in (spec §2). */
export const CUSTOMER_PAGES = [
  { path: '/request-transaction', title: 'Request Transaction' },
  { path: '/merchant/embed', title: 'Merchant Embed' },
  { path: '/deposit', title: 'Deposit' },
  { path: '/withdraw', title: 'Withdraw' },
] as const;

export const AUTH_PAGES = [
  { path: '/auth/signin', title: 'Sign In' },
  { path: '/auth/activate', title: 'Activate Account' },
  { path: '/auth/reset-password', title: 'Reset Password' },
  { path: '/auth/forgot-password', title: 'Forgot Password' },
] as const;

export const MERCHANT_PAGES = [
  { path: '/', title: 'Dashboard' },
  { path: '/api-tokens', title: 'API Tokens' },
  { path: '/transaction', title: 'Transaction' },
  { path: '/withdrawal-requests', title: 'Withdrawal Requests' },
  { path: '/payout-methods', title: 'Payout Methods' },
  { path: '/audit', title: 'Audit Log' },
  { path: '/team', title: 'Team' },
  { path: '/account/security', title: 'Account Security' },
  { path: '/change-password', title: 'Change Password' },
] as const;

export const INVALID_CREDENTIALS_MESSAGE = 'The email or password is incorrect.';

/**
 * A password input by its accessible name. (Its visible label also has a required "*", hidden
 * from assistive technology, so getByLabel with exact text would not match.)
 */
export function passwordField(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** Fills and submits the sign-in form on the current page (which must be the sign-in page). */
export async function submitSignIn(page: Page, credentials: Credentials): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(credentials.email);
  await passwordField(page, 'Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Fills "New Password" and its confirmation (activation, reset and change password). */
export async function fillNewPassword(page: Page, password: string): Promise<void> {
  await passwordField(page, 'New Password').fill(password);
  await passwordField(page, 'Confirm New Password').fill(password);
}

/** The console's own path (pathname + search) of the current page. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Signs out from the account menu (named after the user) and waits for the sign-in page. */
export async function signOut(page: Page, user: { name: string }): Promise<void> {
  await page.getByRole('button', { name: new RegExp(user.name) }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
}

/** Opens Account Security from the account menu (named after the user). */
export async function openAccountSecurity(page: Page, user: { name: string }): Promise<void> {
  await page.getByRole('button', { name: new RegExp(user.name) }).click();
  await page.getByRole('link', { name: 'Account Security' }).click();
  await expect(page).toHaveTitle('Account Security');
}

/** Waits until the console shows a page of the signed-in shell (the sidebar's GENERAL heading). */
export async function expectConsoleShell(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: /general/i })).toBeAttached();
}

/**
 * Creates an API token on the merchant console's API Tokens page, as a merchant does (the current
 * mode's: a test token in test mode), and returns its secret, which the page shows once.
 */
export async function createApiTokenInConsole(page: Page, name: string, moreScopes: string[] = []): Promise<string> {
  await page.getByRole('button', { name: 'Create API token' }).click();
  const form = page.getByRole('dialog', { name: 'Create API token' });
  await form.getByRole('textbox', { name: /Name/ }).fill(name);
  // Beside the form's own (payments:write, payments:read).
  for (const scope of moreScopes) await form.getByRole('checkbox', { name: new RegExp(`^${scope} `) }).check();
  await form.getByRole('button', { name: 'Create token' }).click();
  const reveal = page.getByRole('dialog', { name: `${name} created` });
  const secret = await reveal.getByRole('textbox', { name: 'API token' }).inputValue();
  await reveal.getByRole('button', { name: 'Done' }).click();
  return secret;
}
