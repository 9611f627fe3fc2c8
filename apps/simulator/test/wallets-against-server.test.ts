import {
  createWallet,
  type Device,
  getWallet,
  getWalletLogin,
  getWalletQrCode,
  HEALTH_CHECK_STATUS,
  listDevices,
  listDevicesResponseSchema,
  listWalletTransactions,
  listWalletTransactionsResponseSchema,
  runWalletChecks,
  startWalletLogin,
  submitWalletOtp,
  type WalletAccount,
  type WalletLoginFlow,
  walletAccountSchema,
  walletLoginResponseSchema,
  walletQrCodeSchema,
} from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import type { Fleet } from '../src';
import { eventually, serverUnderTest } from './server-under-test';

/** The simulator's wallet apps against the real server: logins, checks, transfers, faults. */
const server = serverUnderTest({ WALLET_CHECK_SCHEDULE_MINUTES: '0', WALLET_COMMAND_DEADLINE_SECONDS: '2' });

async function api(method: string, url: string, payload?: unknown) {
  const res = await server.state.testApp.app.inject({
    method: method as 'GET',
    url,
    headers: server.state.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function phoneNamed(name: string): Promise<Device> {
  const { body } = await api('GET', `${listDevices.path}?q=${name}`);
  const device = listDevicesResponseSchema.parse(body).items.find((d) => d.name === name);
  if (!device) throw new Error(`no device ${name}`);
  return device;
}

let accountCounter = 0;
async function danaAccountOn(fleet: Fleet, deviceName: string): Promise<WalletAccount> {
  const device = await phoneNamed(deviceName);
  accountCounter += 1;
  const { status, body } = await api('POST', createWallet.path, {
    deviceId: device.id,
    provider: 'dana',
    accountNumber: `0812${String(Date.now() % 1_000_000).padStart(6, '0')}${String(accountCounter).padStart(2, '0')}`,
    holderName: 'Siti Rahma',
    credentials: { pin: '135790' },
  });
  expect(status).toBe(201);
  const account = walletAccountSchema.parse(body);
  // The server tells the phone at once which accounts live on it.
  await eventually(
    () => fleet.wallets.accounts(),
    (accounts) => accounts.some((a) => a.id === account.id),
  );
  return account;
}

const account = async (id: string) =>
  walletAccountSchema.parse((await api('GET', getWallet.path.replace(':id', id))).body);
const loginOf = async (id: string) =>
  walletLoginResponseSchema.parse((await api('GET', getWalletLogin.path.replace(':id', id))).body).flow;
async function flowReaches(id: string, accept: (flow: WalletLoginFlow) => boolean): Promise<WalletLoginFlow> {
  const flow = await eventually(
    () => loginOf(id),
    (f) => f !== null && accept(f),
  );
  return flow as WalletLoginFlow;
}

async function signIn(fleet: Fleet, id: string) {
  expect((await api('POST', startWalletLogin.path.replace(':id', id), {})).status).toBe(202);
  await flowReaches(id, (flow) => flow.status === 'awaiting_otp');
  const otp = fleet.wallets.lastOtp(id)?.otp;
  expect(otp).toMatch(/^\d{6}$/);
  expect((await api('POST', submitWalletOtp.path.replace(':id', id), { otp })).status).toBe(202);
  return flowReaches(id, (flow) => flow.status !== 'running');
}

describe('the simulator’s wallet apps against the server', () => {
  it('sign in with the OTP the phone received, then answer balance, transfer, history and QR checks', async () => {
    const fleet = await server.fleetOf('wallet-login', 1);
    const { id } = await danaAccountOn(fleet, 'wallet-login-001');
    const flow = await signIn(fleet, id);
    expect(flow.status).toBe('succeeded');
    expect(flow.steps.map((s) => s.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect((await account(id)).loginStatus).toBe('logged_in');

    for (const type of ['wallet', 'get_qr_code'] as const) {
      expect((await api('POST', runWalletChecks.path, { accountIds: [id], type })).status).toBe(200);
    }
    const checked = await eventually(
      () => account(id),
      (a) => a.healthState === 'healthy' && a.balance !== null,
    );
    expect(checked.balance).toBe(fleet.wallets.accounts().find((a) => a.id === id)?.balance);
    const qr = await eventually(
      async () => walletQrCodeSchema.parse((await api('GET', getWalletQrCode.path.replace(':id', id))).body),
      (code) => code.lastFetch?.status === HEALTH_CHECK_STATUS.OK,
    );
    expect(qr.payload).toMatch(/^000201/);
  });

  it('report a customer’s transfer, which shows in the account’s transaction log once', async () => {
    const fleet = await server.fleetOf('wallet-transfer', 1);
    const control = await server.controlOf(fleet);
    const { id } = await danaAccountOn(fleet, 'wallet-transfer-001');
    await signIn(fleet, id);
    const sent = await fetch(`${control.url}/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: id, amount: '150000', counterpartyName: 'Budi Santoso' }),
    });
    expect(sent.status).toBe(201);
    const transfer = (await sent.json()) as { providerTransactionId: string };
    const logged = await eventually(
      async () =>
        listWalletTransactionsResponseSchema.parse(
          (await api('GET', listWalletTransactions.path.replace(':id', id))).body,
        ).items,
      (items) => items.length > 0,
    );
    expect(logged).toEqual([
      expect.objectContaining({
        providerTransactionId: transfer.providerTransactionId,
        direction: 'in',
        amount: '150000',
        counterpartyName: 'Budi Santoso',
        source: 'push',
      }),
    ]);
    expect((await account(id)).today).toMatchObject({ incomingAmount: '150000', incomingCount: 1 });
  });

  it('keep transfers that arrive while the phone is offline and report them when it is back', async () => {
    const fleet = await server.fleetOf('wallet-offline', 1);
    const { id } = await danaAccountOn(fleet, 'wallet-offline-001');
    await signIn(fleet, id);
    const phone = fleet.devices[0];
    phone?.goOffline(1_500);
    await eventually(
      () => phone?.state,
      (state) => state === 'waiting',
    );
    fleet.wallets.deliverTransfer(id, { amount: '25000' });
    await eventually(
      async () =>
        listWalletTransactionsResponseSchema.parse(
          (await api('GET', listWalletTransactions.path.replace(':id', id))).body,
        ).items,
      (items) => items.length === 1,
    );
    // The phone forgets a transfer when the server's acknowledgement reaches it, just after the row is stored.
    await eventually(
      async () => fleet.wallets.accounts().find((a) => a.id === id)?.unreported,
      (unreported) => unreported === 0,
    );
  });

  it('play armed faults: a wrong code fails the login at Verify OTP; a hung phone times a check out', async () => {
    const fleet = await server.fleetOf('wallet-faults', 1);
    const control = await server.controlOf(fleet);
    const { id } = await danaAccountOn(fleet, 'wallet-faults-001');
    const armed = await fetch(`${control.url}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'wrong_otp', accountId: id }),
    });
    expect(armed.status).toBe(201);
    const failed = await signIn(fleet, id);
    expect(failed).toMatchObject({ status: 'failed', failedStep: 4, reason: 'wrong_otp' });

    expect((await signIn(fleet, id)).status).toBe('succeeded');
    fleet.wallets.injectFault({ kind: 'timeout', accountId: id, on: 'get_balance' });
    await api('POST', runWalletChecks.path, { accountIds: [id], type: 'get_balance' });
    const timedOut = await eventually(
      () => account(id),
      (a) => a.health.get_balance?.status === HEALTH_CHECK_STATUS.Failed,
    );
    expect(timedOut.health.get_balance?.reason).toBe('timeout');
  });

  it('refuses bad control requests with the reason and changes nothing', async () => {
    const fleet = await server.fleetOf('wallet-control', 1);
    const control = await server.controlOf(fleet);
    const post = (path: string, body: unknown) =>
      fetch(`${control.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unknown = await post('/transfers', { accountId: 'nope', amount: '10' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'UNKNOWN_ACCOUNT', message: expect.stringContaining('nope') },
    });
    const badFault = await post('/faults', { kind: 'meteor' });
    expect(badFault.status).toBe(400);
    expect(((await badFault.json()) as { error: { message: string } }).error.message).toMatch(/^kind:/);
    expect(fleet.wallets.faults()).toEqual([]);
    expect((await fetch(`${control.url}/accounts/nope/otp`)).status).toBe(404);
  });
});
