import {
  cancelWalletLogin,
  getWallet,
  getWalletLogin,
  ROLE,
  startWalletLogin,
  submitWalletOtp,
  type WalletLoginFlow,
  type WalletLoginStatusUpdate,
} from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/helpers/test-app';
import { auditLog, walletLoginFlows } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { arrives, type ClientSocket, connect } from '../realtime/realtime.test-support';
import { addAccount, CREDENTIALS, fakeWalletApp, TEST_OTP, walletPhone, walletTestApp } from './wallets.test-support';

describe('the wallet login flow', () => {
  let t: FleetTestApp;
  let staff: ClientSocket;
  let merchant: ClientSocket;
  const updates: { event: string; payload: WalletLoginStatusUpdate }[] = [];
  beforeAll(async () => {
    t = await walletTestApp();
    staff = await connect(t.url, { token: (await signedInUser(t, ROLE.Staff)).accessToken });
    for (const event of ['maya-login-status-update', 'wallet-login-status-update'] as const) {
      staff.on(event, (payload) => updates.push({ event, payload }));
    }
    const merchantUser = await signedInUser(t, ROLE.Merchant, { merchantId: '00000000-0000-4000-8000-00000000000a' });
    merchant = await connect(t.url, { token: merchantUser.accessToken });
  });
  afterAll(async () => {
    staff.close();
    merchant.close();
    await t.close();
  });

  const post = (path: string, id: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: path.replace(':id', id), headers: t.admin.headers, payload });
  const flowOf = async (id: string): Promise<WalletLoginFlow> =>
    (await t.app.inject({ url: getWalletLogin.path.replace(':id', id), headers: t.admin.headers })).json().flow;
  const until = (id: string, test: (flow: WalletLoginFlow) => boolean, ms = 5000) =>
    eventually(async () => {
      const flow = await flowOf(id);
      return flow && test(flow) ? flow : null;
    }, ms);
  const stepStatuses = (flow: WalletLoginFlow) => flow.steps.map((s) => s.status);

  it('runs steps 0–3 on the phone, waits for the OTP, and is logged in after step 4 — live for Maya', async () => {
    const { device, socket } = await walletPhone(t);
    const commands = fakeWalletApp(socket);
    const account = await addAccount(t, device.id, 'maya');
    const merchantHeard = arrives(merchant, 'maya-login-status-update', 1500);
    const started = await post(startWalletLogin.path, account.id);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'running', currentStep: 0 });
    const awaiting = await until(account.id, (f) => f.status === 'awaiting_otp');
    expect(stepStatuses(awaiting)).toEqual(['done', 'done', 'done', 'done', 'pending']);
    expect(awaiting.otpExpiresAt).not.toBeNull();
    expect(
      (await t.app.inject({ url: getWallet.path.replace(':id', account.id), headers: t.admin.headers })).json(),
    ).toMatchObject({ loginStatus: 'logging_in' });

    const verified = await post(submitWalletOtp.path, account.id, { otp: TEST_OTP });
    expect(verified.statusCode).toBe(202);
    const done = await until(account.id, (f) => f.status === 'succeeded');
    expect(stepStatuses(done)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(
      (await t.app.inject({ url: getWallet.path.replace(':id', account.id), headers: t.admin.headers })).json(),
    ).toMatchObject({ loginStatus: 'logged_in' });

    // The phone got the credentials at step 1 only, and the typed OTP at step 4.
    const login = commands.filter((c) => c.type === 'wallet-login');
    expect(login.map((c) => c.payload.step)).toEqual([0, 1, 2, 3, 4]);
    expect(login.map((c) => 'credentials' in c.payload)).toEqual([false, true, false, false, false]);
    expect(login[1]?.payload).toMatchObject({ credentials: CREDENTIALS.maya });
    expect(login[2]?.payload).toMatchObject({ proxy: null });
    expect(login[4]?.payload).toMatchObject({ otp: TEST_OTP });

    const mine = () => updates.filter((u) => u.payload.accountId === account.id);
    // Events may trail the state the API already shows.
    await eventually(async () => mine().some((u) => u.payload.flow.status === 'succeeded'));
    expect(new Set(mine().map((u) => u.event))).toEqual(new Set(['maya-login-status-update']));
    expect(mine().map((u) => u.payload.flow.status)).toContain('awaiting_otp');
    expect(mine().at(-1)?.payload).toMatchObject({ loginStatus: 'logged_in', flow: { status: 'succeeded' } });
    expect(await merchantHeard).toBe(false);
    const entries = await t.database.db.select({ details: auditLog.details }).from(auditLog);
    expect(JSON.stringify(entries)).not.toContain(TEST_OTP);
    socket.close();
  });

  it('DANA and Livin’ accounts report on wallet-login-status-update', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket);
    const account = await addAccount(t, device.id, 'livin');
    await post(startWalletLogin.path, account.id);
    await until(account.id, (f) => f.status === 'awaiting_otp');
    const events = updates.filter((u) => u.payload.accountId === account.id).map((u) => u.event);
    expect(new Set(events)).toEqual(new Set(['wallet-login-status-update']));
    await post(cancelWalletLogin.path, account.id);
    socket.close();
  });

  it('a wrong OTP fails at step 4 with the reason; retrying from step 4 asks for the code again', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket);
    const account = await addAccount(t, device.id);
    await post(startWalletLogin.path, account.id);
    await until(account.id, (f) => f.status === 'awaiting_otp');
    await post(submitWalletOtp.path, account.id, { otp: '000000' });
    const failed = await until(account.id, (f) => f.status === 'failed');
    expect(failed).toMatchObject({ failedStep: 4, reason: 'wrong_otp' });
    expect(failed.steps[4]).toMatchObject({ status: 'failed', reason: 'wrong_otp', message: 'The code is not right' });
    expect(
      (await t.app.inject({ url: getWallet.path.replace(':id', account.id), headers: t.admin.headers })).json(),
    ).toMatchObject({ loginStatus: 'failed', consecutiveFailures: 0 });

    const retried = await post(startWalletLogin.path, account.id, { fromStep: 4 });
    expect(retried.json()).toMatchObject({ id: failed.id, status: 'awaiting_otp' });
    expect(stepStatuses(retried.json())).toEqual(['done', 'done', 'done', 'done', 'pending']);
    await post(submitWalletOtp.path, account.id, { otp: TEST_OTP });
    await until(account.id, (f) => f.status === 'succeeded');
    socket.close();
  });

  it('an expired OTP ends the flow (otp_expired); a retry from step 3 sends a new one', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, (command) =>
      command.type === 'wallet-login' && command.payload.step === 3
        ? { ok: true, data: { otpTtlSeconds: 30 } }
        : undefined,
    );
    const account = await addAccount(t, device.id);
    await post(startWalletLogin.path, account.id);
    const awaiting = await until(account.id, (f) => f.status === 'awaiting_otp');
    await t.database.db
      .update(walletLoginFlows)
      .set({ otpExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletLoginFlows.id, awaiting.id));
    const late = await post(submitWalletOtp.path, account.id, { otp: TEST_OTP });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('OTP_EXPIRED');
    expect(await flowOf(account.id)).toMatchObject({ status: 'failed', failedStep: 4, reason: 'otp_expired' });
    const fromFour = await post(startWalletLogin.path, account.id, { fromStep: 4 });
    expect(fromFour.json().error.code).toBe('OTP_EXPIRED');
    await post(startWalletLogin.path, account.id, { fromStep: 3 });
    await until(account.id, (f) => f.status === 'awaiting_otp' && f.steps[3]?.status === 'done');
    await post(cancelWalletLogin.path, account.id);
    socket.close();
  });

  it('the sweep expires an OTP nobody typed', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket);
    const account = await addAccount(t, device.id);
    await post(startWalletLogin.path, account.id);
    const awaiting = await until(account.id, (f) => f.status === 'awaiting_otp');
    await t.database.db
      .update(walletLoginFlows)
      .set({ otpExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletLoginFlows.id, awaiting.id));
    expect(await until(account.id, (f) => f.status === 'failed')).toMatchObject({
      reason: 'otp_expired',
      failedStep: 4,
    });
    // A code typed just after the sweep gets the same answer as one typed just before it.
    const late = await post(submitWalletOtp.path, account.id, { otp: TEST_OTP });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('OTP_EXPIRED');
    socket.close();
  });

  it('a step the phone never answers times out; retrying from that step resumes the same flow', async () => {
    const { device, socket } = await walletPhone(t);
    let silentAt: number | null = 2;
    fakeWalletApp(socket, (command) =>
      command.type === 'wallet-login' && command.payload.step === silentAt ? null : undefined,
    );
    const account = await addAccount(t, device.id);
    await post(startWalletLogin.path, account.id);
    const failed = await until(account.id, (f) => f.status === 'failed', 8000);
    expect(failed).toMatchObject({ failedStep: 2, reason: 'timeout' });
    expect(stepStatuses(failed)).toEqual(['done', 'done', 'failed', 'pending', 'pending']);
    silentAt = null;
    const resumed = await post(startWalletLogin.path, account.id, { fromStep: 2 });
    expect(resumed.json()).toMatchObject({ id: failed.id, status: 'running', currentStep: 2 });
    await until(account.id, (f) => f.status === 'awaiting_otp');
    await post(cancelWalletLogin.path, account.id);
    socket.close();
  });

  it('the phone going offline mid-flow fails the running step as disconnected', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, (command) =>
      command.type === 'wallet-login' && command.payload.step === 1 ? null : undefined,
    );
    const account = await addAccount(t, device.id);
    await post(startWalletLogin.path, account.id);
    await until(account.id, (f) => f.currentStep === 1);
    socket.close();
    expect(await until(account.id, (f) => f.status === 'failed')).toMatchObject({
      failedStep: 1,
      reason: 'disconnected',
    });
    const again = await post(startWalletLogin.path, account.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DEVICE_OFFLINE');
  });

  it('lets two operators race to start: exactly one login runs, the other gets 409', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, () => null);
    const account = await addAccount(t, device.id);
    const second = await signedInUser(t, ROLE.PhoneFarm);
    const answers = await Promise.all([
      post(startWalletLogin.path, account.id),
      t.app.inject({
        method: 'POST',
        url: startWalletLogin.path.replace(':id', account.id),
        headers: second.headers,
        payload: {},
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.code).toBe('WALLET_LOGIN_RUNNING');
    const flows = await t.database.db.select().from(walletLoginFlows).where(eq(walletLoginFlows.accountId, account.id));
    expect(flows).toHaveLength(1);
    await post(cancelWalletLogin.path, account.id);
    socket.close();
  });

  it('cancelling stops the flow (audited) and leaves the account signed out', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, () => null);
    const account = await addAccount(t, device.id);
    await post(startWalletLogin.path, account.id);
    const cancelled = await post(cancelWalletLogin.path, account.id);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', reason: 'cancelled', failedStep: 0 });
    expect(cancelled.json().steps[0]).toMatchObject({ status: 'failed', reason: 'cancelled' });
    expect(
      (await t.app.inject({ url: getWallet.path.replace(':id', account.id), headers: t.admin.headers })).json(),
    ).toMatchObject({ loginStatus: 'logged_out' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, account.id), eq(auditLog.action, AUDIT_ACTIONS.walletLoginCancelled)));
    expect(audits).toHaveLength(1);
    expect((await post(cancelWalletLogin.path, account.id)).json().error.code).toBe('INVALID_STATE');
    socket.close();
  });

  it('refuses to start without credentials, on a disabled account, or with no OTP awaited', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket);
    const bare = await addAccount(t, device.id, 'dana', { credentials: undefined });
    expect((await post(startWalletLogin.path, bare.id)).json().error.code).toBe('CREDENTIALS_MISSING');
    const disabled = await addAccount(t, device.id);
    await post('/wallets/:id/disable', disabled.id);
    expect((await post(startWalletLogin.path, disabled.id)).json().error.code).toBe('WALLET_DISABLED');
    expect((await post(submitWalletOtp.path, bare.id, { otp: TEST_OTP })).json().error.code).toBe('INVALID_STATE');
    expect((await post(submitWalletOtp.path, bare.id, { otp: '12' })).statusCode).toBe(422);
    expect((await post(startWalletLogin.path, bare.id, { fromStep: 2 })).json().error.code).toBe('INVALID_STATE');
    socket.close();
  });
});
