import {
  type ApiTokenWithSecret,
  activate,
  createApiToken,
  createMerchant,
  createWallet,
  getWallet,
  getWalletLogin,
  inviteUser,
  type MerchantWithSecret,
  ROLE,
  runWalletChecks,
  startWalletLogin,
  submitWalletOtp,
  type User,
  type WalletAccount,
} from '@gerbang/contract';
import { expect } from '@playwright/test';
import { callApi, FIRST_ADMIN, signInByApi, uniqueEmail } from './api';
import type { SimulatedFleet } from './device-fleet';
import { API_URL } from './e2e-env';
import { ACTIVATION_SUBJECT, messagesTo, waitForMailedLink } from './mailbox';

/** Helpers of the money tests: everything an operator does before customers can pay. */

async function adminToken(): Promise<string> {
  return (await signInByApi(FIRST_ADMIN)).accessToken;
}

/**
 * A DANA account on the fleet's first phone that can receive money, reached the way an operator
 * does: added, signed in with the OTP the phone received, all checks run, its QR fetched.
 */
export async function readyDanaAccount(fleet: SimulatedFleet): Promise<WalletAccount> {
  const token = await adminToken();
  const deviceId = fleet.devices[0]?.deviceId as string;
  const account = await callApi<WalletAccount>(createWallet, {
    token,
    body: {
      deviceId,
      provider: 'dana',
      accountNumber: `08${String(Date.now()).slice(-10)}`,
      holderName: 'Siti Rahma',
      credentials: { pin: '135790' },
    },
  });
  const params = { id: account.id };
  await expect.poll(() => fleet.wallets.accounts().some((a) => a.id === account.id)).toBe(true);
  await callApi(startWalletLogin, { token, params, body: {} });
  await expect
    .poll(
      async () => (await callApi<{ flow: { status: string } | null }>(getWalletLogin, { token, params })).flow?.status,
    )
    .toBe('awaiting_otp');
  await callApi(submitWalletOtp, { token, params, body: { otp: fleet.wallets.lastOtp(account.id)?.otp } });
  await expect
    .poll(async () => (await callApi<WalletAccount>(getWallet, { token, params })).loginStatus, { timeout: 20_000 })
    .toBe('logged_in');
  for (const type of ['wallet', 'get_qr_code']) {
    await callApi(runWalletChecks, { token, body: { accountIds: [account.id], type } });
  }
  await expect
    .poll(async () => (await callApi<WalletAccount>(getWallet, { token, params })).readiness.canReceive, {
      timeout: 30_000,
    })
    .toBe(true);
  return account;
}

/** A merchant added by the first Admin; its webhook secret comes back once, here. */
export async function createMerchantByApi(body: Record<string, unknown>): Promise<MerchantWithSecret> {
  return callApi<MerchantWithSecret>(createMerchant, { token: await adminToken(), body });
}

/** A Merchant user of `merchantId`, invited by the first Admin and activated from the mailed link. */
export async function createMerchantUser(merchantId: string) {
  const email = uniqueEmail('merchant');
  const seen = (await messagesTo(email)).length;
  await callApi<User>(inviteUser, {
    token: await adminToken(),
    body: { email, name: 'E2E Shop Owner', roleId: ROLE.Merchant, merchantId },
  });
  const { link } = await waitForMailedLink(email, { subject: ACTIVATION_SUBJECT, seen });
  const password = 'e2e-merchant-owner-password';
  await callApi(activate, { body: { token: link.searchParams.get('token'), password } });
  return { email, password };
}

export type { ApiTokenWithSecret };

/**
 * A merchant "Shop <code>" taking DANA, 10,000 to 5,000,000 rupiah; `extra` adds or overrides terms
 * (a callback URL, embed origins, a fee).
 */
export function createDanaMerchant(code: string, extra: Record<string, unknown> = {}): Promise<MerchantWithSecret> {
  return createMerchantByApi({
    name: `Shop ${code}`,
    code,
    currency: 'IDR',
    minAmount: '10000',
    maxAmount: '5000000',
    allowedMethods: ['dana'],
    ...extra,
  });
}

/**
 * A DANA shop for a checkout test: a merchant taking DANA (10,000 to 5,000,000 rupiah), its owner
 * (signed in to nothing yet), and the merchant API headers of a payments token the owner created.
 */
export async function danaShop(code: string) {
  const merchant = await createDanaMerchant(code);
  const owner = await createMerchantUser(merchant.id);
  return { merchant, owner, v1: await paymentsApiHeaders(owner, 'Checkout') };
}

/** The merchant API's headers for a new payments token its user creates (`name`). */
export async function paymentsApiHeaders(user: { email: string; password: string }, name: string) {
  const token = await callApi<ApiTokenWithSecret>(createApiToken, {
    token: (await signInByApi(user)).accessToken,
    body: { name, scopes: ['payments:write', 'payments:read'] },
  });
  return { authorization: `Bearer ${token.secret}`, 'content-type': 'application/json' };
}

/**
 * Money the merchant earned the way it is earned: its API token opens a session, the customer's
 * DANA app pays the final amount into the ready account, the phone reports it and it matches.
 */
export async function fundMerchantByDeposit(
  fleet: SimulatedFleet,
  account: WalletAccount,
  owner: { email: string; password: string },
  amount: string,
): Promise<void> {
  const v1 = await paymentsApiHeaders(owner, 'E2E funding');
  const created = await fetch(`${API_URL}/v1/payment-sessions`, {
    method: 'POST',
    headers: { ...v1, 'idempotency-key': `fund-${Date.now()}-${Math.random()}` },
    body: JSON.stringify({ referenceNumber: `FUND-${Date.now()}`, amount, method: 'dana' }),
  });
  const session = (await created.json()) as { id: string; finalAmount: string };
  fleet.wallets.deliverTransfer(account.id, { amount: session.finalAmount, counterpartyName: 'E2E Customer' });
  await expect
    .poll(
      async () =>
        (
          (await (await fetch(`${API_URL}/v1/payment-sessions/${session.id}`, { headers: v1 })).json()) as {
            status: string;
          }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('success');
}

/**
 * Money on the sending phone's account (a top-up the phone reports), and its balance read again, so
 * the account can send transfers of up to `amount`.
 */
export async function topUpSender(fleet: SimulatedFleet, account: WalletAccount, amount: string): Promise<void> {
  const token = await adminToken();
  fleet.wallets.deliverTransfer(account.id, { amount, counterpartyName: 'E2E Top-up' });
  await callApi(runWalletChecks, { token, body: { accountIds: [account.id], type: 'get_balance' } });
  await expect
    .poll(
      async () => {
        const now = await callApi<WalletAccount>(getWallet, { token, params: { id: account.id } });
        return Number(now.balance ?? 0) >= Number(amount) && now.readiness.canSend;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
