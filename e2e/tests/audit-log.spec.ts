import { readFile } from 'node:fs/promises';
import { createApiToken, ROLE, updateUser } from '@gerbang/contract';
import { expect, test } from '@playwright/test';
import { callApi, FIRST_ADMIN, inviteByApi, signInByApi, uniqueEmail } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { MERCHANT_URL } from '../support/e2e-env';
import { createMerchantByApi, createMerchantUser } from '../support/money';
import { startSignedIn } from '../support/session';

test("an Admin finds a user's rename in the audit, opens it and downloads what the filters match", async ({ page }) => {
  const email = uniqueEmail('audited');
  const invited = await inviteByApi({ email, name: 'Audited Staff', roleId: ROLE.Staff });
  const admin = await signInByApi(FIRST_ADMIN);
  await callApi(updateUser, { token: admin.accessToken, params: { id: invited.id }, body: { name: 'Renamed Staff' } });

  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/audit');
  await expect(page).toHaveTitle('Audit Log');
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'User edited' });
  await page.getByRole('combobox', { name: 'Entity type' }).selectOption({ label: 'User' });
  await page.getByRole('textbox', { name: 'Entity ID' }).fill(invited.id);
  const table = page.getByRole('table', { name: 'Audit log' });
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('User edited');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectNoSeriousViolations(page, 'the audit log, filtered');

  await row.getByRole('button', { name: /^Details of User edited/ }).click();
  const entry = page.getByRole('dialog', { name: /^Audit entry \d+$/ });
  const change = entry.getByRole('table', { name: 'Changes' }).getByRole('row', { name: /name/ });
  await expect(change).toContainText('Audited Staff');
  await expect(change).toContainText('Renamed Staff');
  await expect(entry.getByRole('link', { name: 'Open User' })).toHaveAttribute('href', `/user/${invited.id}`);
  await expectNoSeriousViolations(page, 'an audit entry');
  await entry.getByRole('button', { name: 'Close' }).click();
  await expect(entry).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await readFile((await file.path()) as string, 'utf8')).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('createdAt,id,action,actorUserId,actorEmail,actorName,targetType,targetId,subject,ip,details');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,user.updated,`);
  expect(lines[1]).toContain(`,user,${invited.id},${email},`);
});

test('the Permissions page shows what each role may do, from the permission table', async ({ page }) => {
  await startSignedIn(page, FIRST_ADMIN);
  await page.goto('/permissions');
  await expect(page).toHaveTitle('Permissions');
  const table = page.getByRole('table', { name: 'Permissions by area and role' });
  await expect(table).toBeVisible();
  const roles = await table.getByRole('columnheader').allTextContents();
  const auditRow = table.getByRole('row', { name: /^Audit log/ });
  await expect(auditRow.getByRole('cell').nth(roles.indexOf('Sub Admin'))).toHaveText('View');
  await expect(auditRow.getByRole('cell').nth(roles.indexOf('Staff'))).toHaveText('—None');
  await expectNoSeriousViolations(page, 'the permissions page');
});

test("a merchant user sees what its own merchant's users did, never another merchant's", async ({ page }) => {
  const code = `AUD${Date.now() % 1_000_000}`;
  const terms = { currency: 'IDR', minAmount: '10000', maxAmount: '5000000', allowedMethods: ['dana'] };
  const ours = await createMerchantByApi({ name: `Ours ${code}`, code: `${code}A`, ...terms });
  const theirs = await createMerchantByApi({ name: `Theirs ${code}`, code: `${code}B`, ...terms });
  const owner = await createMerchantUser(ours.id);
  const other = await createMerchantUser(theirs.id);
  const otherSession = await signInByApi(other);
  await callApi(createApiToken, {
    token: otherSession.accessToken,
    body: { name: 'Their token', scopes: ['payments:read'] },
  });

  await startSignedIn(page, owner, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/audit`);
  await expect(page).toHaveTitle('Audit Log');
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(
    table.getByRole('row').filter({ hasText: owner.email }).filter({ hasText: 'Signed in' }),
  ).not.toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: other.email })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'API token created' });
  await expect(table).toContainText('No audit entries match.');
  await expectNoSeriousViolations(page, "the merchant console's audit log");
});
