import {
  getWallet,
  getWalletQrCode,
  HEALTH_CHECK_STATUS,
  listDeviceHealthChecks,
  listWalletChecks,
  listWallets,
  listWalletTransactions,
  ROLE,
  runWalletChecks,
} from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/helpers/test-app';
import { auditLog } from '../../db/schema';
import { eventually, type FleetTestApp, register } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { type ClientSocket, connect, next } from '../realtime/realtime.test-support';
import { addAccount, fakeWalletApp, walletPhone, walletTestApp } from './wallets.test-support';

const { OK, Failed, Checking } = HEALTH_CHECK_STATUS;

describe('wallet checks and QR codes', () => {
  let t: FleetTestApp;
  let staff: ClientSocket;
  beforeAll(async () => {
    t = await walletTestApp();
    staff = await connect(t.url, { token: (await signedInUser(t, ROLE.Staff)).accessToken });
  });
  afterAll(async () => {
    staff.close();
    await t.close();
  });

  const run = (accountIds: string[], type: string) =>
    t.app.inject({
      method: 'POST',
      url: runWalletChecks.path,
      headers: t.admin.headers,
      payload: { accountIds, type },
    });
  const get = async (path: string, id: string) =>
    (await t.app.inject({ url: path.replace(':id', id), headers: t.admin.headers })).json();
  const history = async (id: string) =>
    (await get(listWalletChecks.path, id)).items as {
      type: string;
      status: number;
      reason: string | null;
      message: string | null;
    }[];

  it('starts CHECKING at once, sends the account to the phone, and a balance result updates the account', async () => {
    const { device, socket } = await walletPhone(t);
    const commands = fakeWalletApp(socket);
    const account = await addAccount(t, device.id, 'maya');
    const checking = next(staff, 'wallet-health-check');
    const res = await run([account.id], 'get_balance');
    expect(res.statusCode).toBe(200);
    expect(res.json().started).toEqual([
      expect.objectContaining({ accountId: account.id, deviceId: device.id, type: 'get_balance', status: Checking }),
    ]);
    const [items] = await checking;
    expect(items[0]).toMatchObject({
      accountId: account.id,
      provider: 'maya',
      processStatus: Checking,
      data: { healthCheckGetBalance: Checking },
    });
    const done = await eventually(async () => {
      const view = await get(getWallet.path, account.id);
      return view.balance ? view : null;
    });
    expect(done).toMatchObject({ balance: '1250.50', health: { get_balance: { status: OK } } });
    expect(done.balanceReadAt).not.toBeNull();
    expect(commands[0]).toMatchObject({
      type: 'wallet-check',
      payload: {
        checkType: 'get_balance',
        account: { id: account.id, provider: 'maya', accountNumber: account.accountNumber },
      },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, AUDIT_ACTIONS.walletChecksStarted), eq(auditLog.targetId, account.id)));
    expect(audit?.details).toMatchObject({ type: 'get_balance' });
    socket.close();
  });

  it('"wallet" runs all three checks; with all OK the account is healthy, on its own page and in the list', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket);
    const account = await addAccount(t, device.id);
    const listed = async () => (await get(`${listWallets.path}?ids=${account.id}`, account.id)).items[0];
    expect((await listed()).health.get_balance).toEqual({
      status: 0,
      startedAt: null,
      finishedAt: null,
      reason: null,
    });
    const res = (await run([account.id], 'wallet')).json();
    expect(res.started.map((r: { type: string }) => r.type).sort()).toEqual([
      'get_balance',
      'transaction_history',
      'transfer',
    ]);
    const healthy = await eventually(async () => {
      const view = await get(getWallet.path, account.id);
      return view.healthState === 'healthy' ? view : null;
    });
    expect(healthy.health).toMatchObject({
      get_balance: { status: OK },
      transfer: { status: OK },
      transaction_history: { status: OK },
      get_qr_code: { status: 0 },
    });
    expect((await listed()).health).toEqual(healthy.health);
    socket.close();
  });

  it('skips accounts that are unknown, disabled, on an offline phone, already checking, or unsupported', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, () => null); // accepts, never answers
    const busy = await addAccount(t, device.id);
    expect((await run([busy.id], 'transfer')).json().started).toHaveLength(1);
    const offlineDevice = (await register(t.app, t.admin.headers)).device.id;
    const offline = await addAccount(t, offlineDevice);
    const disabled = await addAccount(t, device.id);
    await t.app.inject({
      method: 'POST',
      url: `/wallets/${disabled.id}/disable`,
      headers: t.admin.headers,
      payload: {},
    });
    const limited = await walletPhone(t, { capabilities: ['sms', 'get_balance'] });
    const noQr = await addAccount(t, limited.device.id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = (await run([busy.id, offline.id, disabled.id, unknown], 'transfer')).json();
    expect(res.skipped).toEqual([
      { accountId: busy.id, reason: 'already_running' },
      { accountId: offline.id, reason: 'device_offline' },
      { accountId: disabled.id, reason: 'account_disabled' },
      { accountId: unknown, reason: 'not_found' },
    ]);
    expect((await run([noQr.id], 'get_qr_code')).json().skipped).toEqual([
      { accountId: noQr.id, reason: 'unsupported' },
    ]);
    socket.close();
    limited.socket.close();
  });

  it('fetches the receive QR: the payload and its time; a failed fetch keeps the last QR and shows why', async () => {
    const { device, socket } = await walletPhone(t);
    let fail = false;
    fakeWalletApp(socket, (command) =>
      fail && command.type === 'wallet-check'
        ? { ok: false, errorCode: 'app_crashed', error: 'DANA stopped' }
        : undefined,
    );
    const account = await addAccount(t, device.id);
    await run([account.id], 'get_qr_code');
    const fetched = await eventually(async () => {
      const qr = await get(getWalletQrCode.path, account.id);
      return qr.payload ? qr : null;
    });
    expect(fetched).toMatchObject({
      payload: `00020101021126${account.accountNumber}5802ID6304ABCD`,
      lastFetch: { status: OK, reason: null },
    });
    fail = true;
    await run([account.id], 'get_qr_code');
    const failed = await eventually(async () => {
      const qr = await get(getWalletQrCode.path, account.id);
      return qr.lastFetch?.status === Failed ? qr : null;
    });
    expect(failed).toMatchObject({
      payload: fetched.payload,
      readAt: fetched.readAt,
      lastFetch: { reason: 'app_crashed', message: 'DANA stopped' },
    });
    socket.close();
  });

  it('a history read stores new transfers once, however often it is read', async () => {
    const { device, socket } = await walletPhone(t);
    const occurredAt = new Date().toISOString();
    const transactions = [
      {
        providerTransactionId: 'DANA-1',
        direction: 'in',
        amount: '150000',
        counterpartyName: 'Ani',
        counterpartyAccount: '0811',
        occurredAt,
      },
      { providerTransactionId: 'DANA-2', direction: 'out', amount: '25000.00', occurredAt },
    ];
    fakeWalletApp(socket, (command) =>
      command.type === 'wallet-check' && command.payload.checkType === 'transaction_history'
        ? { ok: true, data: { transactions } }
        : undefined,
    );
    const account = await addAccount(t, device.id);
    for (let i = 0; i < 2; i++) {
      await run([account.id], 'transaction_history');
      await eventually(async () => (await history(account.id)).filter((r) => r.status === OK).length === i + 1);
    }
    const logged = await get(listWalletTransactions.path, account.id);
    expect(logged.items).toHaveLength(2);
    expect(logged.items.map((r: { providerTransactionId: string }) => r.providerTransactionId).sort()).toEqual([
      'DANA-1',
      'DANA-2',
    ]);
    expect((await get(getWallet.path, account.id)).today).toEqual({
      incomingAmount: '150000',
      incomingCount: 1,
      outgoingAmount: '25000',
      outgoingCount: 1,
    });
    socket.close();
  });

  it('a result whose data breaks the contract ends FAILED and changes nothing', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, (command) =>
      command.type === 'wallet-check' ? { ok: true, data: { balance: '100.5' } } : undefined,
    );
    const account = await addAccount(t, device.id);
    await run([account.id], 'get_balance');
    const failed = await eventually(async () => (await history(account.id)).find((r) => r.status === Failed));
    expect(failed).toMatchObject({
      reason: 'failed',
      message: 'The phone reported an invalid balance: IDR amounts are whole numbers: no decimals',
    });
    expect((await get(getWallet.path, account.id)).balance).toBeNull();
    socket.close();
  });

  it('a check the phone never answers times out; a phone that goes away fails its checks as disconnected', async () => {
    const first = await walletPhone(t);
    fakeWalletApp(first.socket, () => null);
    const silent = await addAccount(t, first.device.id);
    await run([silent.id], 'transfer');
    const timedOut = await eventually(async () => (await history(silent.id)).find((r) => r.status === Failed), 8000);
    expect(timedOut.reason).toBe('timeout');

    const second = await walletPhone(t);
    fakeWalletApp(second.socket, () => null);
    const dropped = await addAccount(t, second.device.id);
    await run([dropped.id], 'get_balance');
    second.socket.close();
    const gone = await eventually(async () => (await history(dropped.id)).find((r) => r.status === Failed));
    expect(gone.reason).toBe('disconnected');
    first.socket.close();
  });

  it('session_expired from the phone marks a logged-in account signed out', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, (command) =>
      command.type === 'wallet-check'
        ? { ok: false, errorCode: 'session_expired', error: 'Please log in again' }
        : undefined,
    );
    const account = await addAccount(t, device.id);
    const { walletAccounts } = await import('../../db/schema');
    await t.database.db
      .update(walletAccounts)
      .set({ loginStatus: 'logged_in' })
      .where(eq(walletAccounts.id, account.id));
    await run([account.id], 'transfer');
    const expired = await eventually(async () => {
      const view = await get(getWallet.path, account.id);
      return view.loginStatus === 'session_expired' ? view : null;
    });
    expect(expired.readiness.reasons).toContain('not_logged_in');
    socket.close();
  });

  it('lists an account’s runs newest first in keyset pages, each as its start answered it; an unknown account is 404', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, () => null);
    const account = await addAccount(t, device.id);
    const started = [];
    for (const type of ['get_balance', 'transfer', 'get_qr_code']) {
      started.push((await run([account.id], type)).json().started[0]);
    }
    const url = listWalletChecks.path.replace(':id', account.id);
    const first = (await t.app.inject({ url: `${url}?limit=2`, headers: t.admin.headers })).json();
    expect(first.items).toEqual([started[2], started[1]]);
    const second = (
      await t.app.inject({ url: `${url}?limit=2&cursor=${first.nextCursor}`, headers: t.admin.headers })
    ).json();
    expect(second).toEqual({ items: [started[0]], nextCursor: null });
    // The phone's own history holds its device checks only.
    const phone = await t.app.inject({
      url: listDeviceHealthChecks.path.replace(':id', device.id),
      headers: t.admin.headers,
    });
    expect(phone.json()).toEqual({ items: [], nextCursor: null });
    const unknown = await t.app.inject({
      url: listWalletChecks.path.replace(':id', '00000000-0000-4000-8000-000000000000'),
      headers: t.admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    socket.close();
  });
});
