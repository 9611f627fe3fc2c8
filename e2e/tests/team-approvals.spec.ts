import { activate, createPayoutMethod, inviteTeamMember, listPayoutMethods, updateTeamPolicy } from '@gerbang/contract';
import { expect, test } from '@playwright/test';
import { callApi, signInByApi, uniqueEmail } from '../support/api';
import { expectNoSeriousViolations } from '../support/axe';
import { type SimulatedFleet, startSimulatedFleet, uniqueFleetPrefix } from '../support/device-fleet';
import { MERCHANT_URL } from '../support/e2e-env';
import { ACTIVATION_SUBJECT, messagesTo, waitForMailedLink } from '../support/mailbox';
import {
  createDanaMerchant,
  createMerchantUser,
  fundMerchantByDeposit,
  readyDanaAccount,
  topUpSender,
} from '../support/money';
import { startSignedIn } from '../support/session';

let fleet: SimulatedFleet | undefined;
test.afterEach(async () => {
  await fleet?.stop();
  fleet = undefined;
});

test("a finance member's withdrawal above the team's amount waits for an owner, who approves it in the console", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  fleet = await startSimulatedFleet({ prefix: uniqueFleetPrefix('team'), count: 1, failureRate: 0, latencyMs: 100 });
  const account = await readyDanaAccount(fleet);
  await topUpSender(fleet, account, '2000000');
  const code = `TEAM${Date.now() % 1_000_000}`;
  const merchant = await createDanaMerchant(code);
  const owner = await createMerchantUser(merchant.id);
  await fundMerchantByDeposit(fleet, account, owner, '500000');
  const ownerToken = (await signInByApi(owner)).accessToken;

  // The owner's bank account, verified by a phone's inquiry; withdrawals above 100,000 wait for an owner.
  fleet.wallets.nameDestination('8610077777', 'PT E2E TEAM');
  await callApi(createPayoutMethod, {
    token: ownerToken,
    body: { provider: 'bca', accountNumber: '8610077777', holderName: 'PT E2E Team' },
  });
  await expect
    .poll(
      async () =>
        (await callApi<{ items: { status: string }[] }>(listPayoutMethods, { token: ownerToken })).items[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('verified');
  await callApi(updateTeamPolicy, {
    token: ownerToken,
    body: { secondFactorRequired: false, approvalAbove: '100000' },
  });

  // The owner invites a finance member, who sets a password from the mailed link.
  const email = uniqueEmail('finance');
  const seen = (await messagesTo(email)).length;
  await callApi(inviteTeamMember, {
    token: ownerToken,
    body: { email, name: 'Fina Finance', merchantRole: 'finance' },
  });
  const { link } = await waitForMailedLink(email, { subject: ACTIVATION_SUBJECT, seen });
  const finance = { email, password: 'e2e-finance-member-password' };
  await callApi(activate, { body: { token: link.searchParams.get('token'), password: finance.password } });

  // Finance asks for 150,000: it waits for an owner instead of being made.
  await startSignedIn(page, finance, MERCHANT_URL);
  await page.goto(`${MERCHANT_URL}/withdrawal-requests`);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  const request = page.getByRole('dialog', { name: 'Request a withdrawal' });
  await request.getByRole('textbox', { name: /Amount/ }).fill('150000');
  await request.getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText('Sent to an owner for approval.')).toBeVisible();
  const mine = page.getByRole('region', { name: "Your requests for an owner's approval" });
  await expect(mine.getByText('Waiting')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Withdrawals' }).getByText('Pending approval')).toHaveCount(0);

  // The owner approves it on the Team page: it is made as finance asked.
  // The owner in a browser of their own (the console keeps its session per origin).
  const ownerPage = await (await browser.newContext()).newPage();
  await startSignedIn(ownerPage, owner, MERCHANT_URL);
  await ownerPage.goto(`${MERCHANT_URL}/team`);
  const approvals = ownerPage.getByRole('region', { name: 'Approvals' });
  await expect(approvals.getByText('Asked by Fina Finance', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(ownerPage, 'team approvals');
  await approvals.getByRole('button', { name: 'Approve' }).click();
  await ownerPage
    .getByRole('dialog', { name: 'Approve this request?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(ownerPage.getByText(/IDR\s?150,000 approved\./)).toBeVisible();
  await expect(approvals.getByText('Approved')).toBeVisible();

  await page.reload();
  await expect(mine.getByText('Approved')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Withdrawals' }).getByText('Pending approval')).toBeVisible();
});
