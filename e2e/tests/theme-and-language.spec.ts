import { COLOR_THEME_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from '@gerbang/contract';
import { expect, type Page, test } from '@playwright/test';
import { FIRST_ADMIN } from '../support/api';
import { text } from '../support/locales';
import { expectConsoleShell } from '../support/pages';
import { startSignedIn } from '../support/session';

const html = (page: Page) => page.locator('html');
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('a first visit is light and English', async ({ page }) => {
  await page.goto('/auth/signin');
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});

test('the dark theme is stored under color-theme and survives a reload', async ({ page }) => {
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await stored(page, COLOR_THEME_STORAGE_KEY)).toBe('dark');

  await page.reload();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  expect(await stored(page, COLOR_THEME_STORAGE_KEY)).toBe('light');
  await page.reload();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});

test('the theme chosen in the console persists across reloads and pages', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/user');
  await expectConsoleShell(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.goto('/proxy');
  await expect(html(page)).toHaveClass(/\bdark\b/);
});

test('the language switch translates the page, sets <html lang>, and survives a reload', async ({ page }) => {
  await page.goto('/auth/signin');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('id');
  await expect(html(page)).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('id', 'auth', 'signin.title'));
  expect(await stored(page, LANGUAGE_STORAGE_KEY)).toBe('id');

  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('id', 'auth', 'signin.title'));

  // Filipino is "ph" in the app and "fil" in <html lang> (BCP 47).
  await page.getByRole('combobox', { name: text('id', 'common', 'language.label') }).selectOption('ph');
  await expect(html(page)).toHaveAttribute('lang', 'fil');
  await expect(page.getByRole('button', { name: text('ph', 'common', 'theme.switchToDark') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ph', 'auth', 'signin.title'));
  expect(await stored(page, LANGUAGE_STORAGE_KEY)).toBe('ph');

  await page.getByRole('combobox', { name: text('ph', 'common', 'language.label') }).selectOption('en');
  await expect(html(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
});

test('the language chosen in the console applies to the shell after a reload', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/');
  await expectConsoleShell(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('id');
  await expect(html(page)).toHaveAttribute('lang', 'id');
  await page.reload();
  await expect(html(page)).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('button', { name: text('id', 'common', 'theme.switchToDark') })).toBeVisible();
});
