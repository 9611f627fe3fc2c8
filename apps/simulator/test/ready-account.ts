import {
  createWallet,
  enableWallet,
  getWallet,
  getWalletLogin,
  getWalletQrCode,
  HEALTH_CHECK_STATUS,
  runWalletChecks,
  startWalletLogin,
  submitWalletOtp,
  type WalletAccount,
  walletAccountSchema,
  walletLoginResponseSchema,
  walletQrCodeSchema,
} from '@gerbang/contract';
import type { Fleet } from '../src';
import { eventually } from './server-under-test';

/** A listening server and an Admin's headers: in this process (serverUnderTest) or another. */
export type ServerAccess = { state: { url: string; headers: Record<string, string> } };

/** An Admin's call over HTTP, answered as status and JSON. */
export async function adminCall(server: ServerAccess, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return httpCall(server.state.url, server.state.headers, method, url, payload);
}

/** A call over HTTP with the given headers, answered as status and JSON. */
export async function httpCall(
  base: string,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await fetch(new URL(url, base), {
    method,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as unknown };
}

let numbers = 0;

/**
 * A DANA account on the named phone of the fleet, signed in with the OTP it received, holding
 * `topUp` on the phone, checked healthy and its QR code read: ready to receive and to send.
 */
export async function readyAccount(
  server: ServerAccess,
  fleet: Fleet,
  deviceName: string,
  topUp = '2000000',
): Promise<WalletAccount> {
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) => adminCall(server, method, url, payload);
  const { body: devices } = await admin('GET', `/devices?q=${deviceName}`);
  const deviceId = (devices as { items: { id: string; name: string }[] }).items.find((d) => d.name === deviceName)
    ?.id as string;
  numbers += 1;
  const created = await admin('POST', createWallet.path, {
    deviceId,
    provider: 'dana',
    accountNumber: `0813${String((Date.now() + numbers) % 10_000_000).padStart(7, '0')}`,
    holderName: 'Agus Pratama',
    credentials: { pin: '135790' },
  });
  const account = walletAccountSchema.parse(created.body);
  await eventually(
    () => fleet.wallets.accounts(),
    (list) => list.some((a) => a.id === account.id),
  );
  await admin('POST', startWalletLogin.path.replace(':id', account.id), {});
  // The code is typed once the server has heard that the SMS went out (the flow awaits it).
  await eventually(
    async () =>
      walletLoginResponseSchema.parse((await admin('GET', getWalletLogin.path.replace(':id', account.id))).body).flow,
    (flow) => flow?.status === 'awaiting_otp',
  );
  const otp = fleet.wallets.lastOtp(account.id)?.otp;
  const submitted = await admin('POST', submitWalletOtp.path.replace(':id', account.id), { otp });
  if (submitted.status !== 202) throw new Error(`OTP refused: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  await eventually(
    async () => walletAccountSchema.parse((await admin('GET', getWallet.path.replace(':id', account.id))).body),
    (a) => a.loginStatus === 'logged_in',
  );
  fleet.wallets.deliverTransfer(account.id, { amount: topUp, counterpartyName: 'Top-up' });
  // The balance and limits (wallet), and the QR code customers pay to (deposits offer it).
  const runChecks = async () => {
    for (const type of ['wallet', 'get_qr_code'] as const) {
      await admin('POST', runWalletChecks.path, { accountIds: [account.id], type });
    }
  };
  await runChecks();
  // A check that ran out of its short test deadline on a loaded runner leaves the account failing:
  // run the checks again (not sooner than a deadline apart), as an operator would.
  let ranAt = Date.now();
  const againIfFailed = async (failed: boolean) => {
    if (!failed || Date.now() - ranAt < 4_000) return;
    ranAt = Date.now();
    await runChecks();
  };
  await eventually(
    async () => {
      const code = walletQrCodeSchema.parse((await admin('GET', getWalletQrCode.path.replace(':id', account.id))).body);
      await againIfFailed(code.lastFetch?.status === HEALTH_CHECK_STATUS.Failed);
      return code;
    },
    (code) => code.lastFetch?.status === HEALTH_CHECK_STATUS.OK,
    30_000,
  );
  return eventually(
    async () => {
      const a = walletAccountSchema.parse((await admin('GET', getWallet.path.replace(':id', account.id))).body);
      // Failures enough to disable the account (WALLET_AUTO_DISABLE_AFTER_FAILURES): an operator
      // enables it again before checking it again.
      if (a.status === 'auto_disabled') await admin('POST', enableWallet.path.replace(':id', account.id), {});
      await againIfFailed(a.healthState === 'failing');
      return a;
    },
    (a) => a.healthState === 'healthy' && a.balance !== null && Number(a.balance) >= Number(topUp),
    30_000,
  );
}
