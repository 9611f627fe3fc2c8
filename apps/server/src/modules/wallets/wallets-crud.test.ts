import {
  createProxy,
  createWallet,
  deleteWallet,
  disableWallet,
  enableWallet,
  getWallet,
  setWalletCredentials,
  setWalletProxy,
  updateWallet,
} from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, proxies, walletAccounts, walletTransactions } from '../../db/schema';
import { type FleetTestApp, register } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { accountNumber, addAccount, CREDENTIALS, walletTestApp } from './wallets.test-support';

describe('wallet accounts: create, edit, credentials, proxy, disable, delete', () => {
  let t: FleetTestApp;
  let deviceId: string;
  beforeAll(async () => {
    t = await walletTestApp();
    deviceId = (await register(t.app, t.admin.headers)).device.id;
  });
  afterAll(() => t.close());

  const call = (endpoint: { method: string; path: string }, id: string, payload?: object) =>
    t.app.inject({
      method: endpoint.method as 'POST',
      url: endpoint.path.replace(':id', id),
      headers: t.admin.headers,
      ...(payload ? { payload } : {}),
    });
  const audits = (action: string, id: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

  it('creates an account with the provider’s type and currency, the number in its local form, credentials never returned', async () => {
    const res = await t.app.inject({
      method: createWallet.method,
      url: createWallet.path,
      headers: t.admin.headers,
      payload: {
        deviceId,
        provider: 'maya',
        accountNumber: '+63 917-555-0101',
        holderName: 'Juan Dela Cruz',
        label: 'Maya 1',
        limits: { dailyIncomingAmount: '50000.00', dailyIncomingCount: 20 },
        forceActive: true,
        credentials: CREDENTIALS.maya,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      provider: 'maya',
      accountType: 'wallet',
      currency: 'PHP',
      accountNumber: '09175550101',
      holderName: 'Juan Dela Cruz',
      status: 'active',
      loginStatus: 'logged_out',
      balance: null,
      limits: { dailyIncomingAmount: '50000.00', dailyIncomingCount: 20, dailyOutgoingAmount: null },
      today: { incomingAmount: '0.00', incomingCount: 0 },
      forceActive: true,
      credentialsSet: ['mpin', 'password'],
      healthState: 'unknown',
      hasMovedMoney: false,
    });
    expect(account.readiness).toMatchObject({ isReady: false, isForceActiveInEffect: true });
    expect(account.readiness.reasons).toContain('not_logged_in');
    expect(account.readiness.reasons).not.toContain('health_unknown');
    expect(res.body).not.toContain('maya-password');
    expect(res.body).not.toContain(CREDENTIALS.maya.mpin);

    const [row] = await t.database.db.select().from(walletAccounts).where(eq(walletAccounts.id, account.id));
    expect(row?.settings).toEqual({ maya_force_active: true });
    expect(row?.dailyIncomingAmountMinor).toBe(5_000_000n);
    expect(row?.credentialsEncrypted).toMatch(/^v1\./);
    expect(row?.credentialsEncrypted).not.toContain('maya-password');
    const [created] = await audits(AUDIT_ACTIONS.walletCreated, account.id);
    expect(JSON.stringify(created?.details)).not.toContain('maya-password');
  });

  it('stores force-active under each provider’s own setting key', async () => {
    for (const [provider, key] of [
      ['dana', 'force_active'],
      ['livin', 'bank_force_active'],
    ] as const) {
      const account = await addAccount(t, deviceId, provider, { forceActive: true });
      const [row] = await t.database.db.select().from(walletAccounts).where(eq(walletAccounts.id, account.id));
      expect(row?.settings).toEqual({ [key]: true });
      expect(account.accountType).toBe(provider === 'livin' ? 'bank' : 'wallet');
    }
  });

  it('refuses bad input with 422 naming each field, and creates nothing', async () => {
    const before = await t.database.db.select().from(walletAccounts);
    const res = await t.app.inject({
      method: createWallet.method,
      url: createWallet.path,
      headers: t.admin.headers,
      payload: {
        deviceId: '00000000-0000-4000-8000-000000000000',
        provider: 'dana',
        accountNumber: '0912345',
        holderName: 'Budi',
        limits: { dailyIncomingAmount: '100.50', dailyOutgoingAmount: '0' },
        credentials: { pin: '123456', password: 'not-for-dana' },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        'body.deviceId': 'No phone with this id',
        'body.accountNumber': 'Enter the DANA mobile number, e.g. 081234567890',
        'body.limits.dailyIncomingAmount': 'IDR amounts are whole numbers: no decimals',
        'body.limits.dailyOutgoingAmount': 'A limit must be more than zero; leave it empty for none',
        'body.credentials.password': 'This provider signs in with pin only',
      },
    });
    const schema = await t.app.inject({
      method: createWallet.method,
      url: createWallet.path,
      headers: t.admin.headers,
      payload: { deviceId, provider: 'ovo', accountNumber: '081234567890', holderName: '', extra: 1 },
    });
    expect(schema.statusCode).toBe(422);
    expect(Object.keys(schema.json().error.fields).sort()).toEqual(['body.extra', 'body.holderName', 'body.provider']);
    expect(await t.database.db.select().from(walletAccounts)).toHaveLength(before.length);
  });

  it('refuses a second account with the same provider and number (409 on the field)', async () => {
    const number = accountNumber('dana');
    await addAccount(t, deviceId, 'dana', { accountNumber: number });
    const res = await t.app.inject({
      method: createWallet.method,
      url: createWallet.path,
      headers: t.admin.headers,
      payload: { deviceId, provider: 'dana', accountNumber: number.replace(/^0/, '+62'), holderName: 'Other' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty('body.accountNumber');
  });

  it('edits an account and audits what changed; moving it to another phone signs it out', async () => {
    const account = await addAccount(t, deviceId);
    await t.database.db
      .update(walletAccounts)
      .set({ loginStatus: 'logged_in' })
      .where(eq(walletAccounts.id, account.id));
    const label = await call(updateWallet, account.id, { label: 'Rack A', limits: { dailyOutgoingCount: 5 } });
    expect(label.json()).toMatchObject({
      label: 'Rack A',
      loginStatus: 'logged_in',
      limits: { dailyOutgoingCount: 5 },
    });

    const other = (await register(t.app, t.admin.headers)).device.id;
    const moved = await call(updateWallet, account.id, { deviceId: other });
    expect(moved.json()).toMatchObject({ deviceId: other, loginStatus: 'logged_out' });
    const entries = await audits(AUDIT_ACTIONS.walletUpdated, account.id);
    expect(entries.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { changes: { label: { from: '', to: 'Rack A' }, dailyOutgoingCount: { from: null, to: 5 } } },
        { changes: { deviceId: { from: deviceId, to: other } } },
      ]),
    );
    const invalid = await call(updateWallet, account.id, { limits: { dailyIncomingAmount: '1.5' } });
    expect(invalid.statusCode).toBe(422);
    expect((await call(getWallet, account.id)).json().limits.dailyIncomingAmount).toBeNull();
  });

  it('replaces credentials write-only: others are kept, the audit names fields, never values', async () => {
    const account = await addAccount(t, deviceId, 'livin');
    const res = await call(setWalletCredentials, account.id, { mpin: '112233' });
    expect(res.statusCode).toBe(200);
    expect(res.json().credentialsSet).toEqual(['mpin', 'password']);
    expect(res.json().credentialsUpdatedAt).not.toBeNull();
    expect(res.body).not.toContain('112233');
    const [entry] = await audits(AUDIT_ACTIONS.walletCredentialsChanged, account.id);
    expect(entry?.details).toEqual({ changed: ['mpin'] });
    const wrong = await call(setWalletCredentials, account.id, { pin: '123456' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ 'body.pin': 'This provider signs in with password and mpin only' });
    for (const response of [res, await call(getWallet, account.id)]) {
      expect(response.body).not.toMatch(/livin-password|credentialsEncrypted|v1\./);
    }
  });

  it('selects only a proxy whose last check succeeded, and shows it (a dead one too)', async () => {
    const account = await addAccount(t, deviceId);
    const created = await t.app.inject({
      method: createProxy.method,
      url: createProxy.path,
      headers: t.admin.headers,
      payload: { type: 'socks5', host: 'proxy.wallet.test', port: 1080, password: 'proxy-secret' },
    });
    const proxyId = created.json().id;
    const unchecked = await call(setWalletProxy, account.id, { proxyId });
    expect(unchecked.statusCode).toBe(422);
    expect(unchecked.json().error.fields).toEqual({ 'body.proxyId': 'Choose a proxy whose last check succeeded' });
    await t.database.db.update(proxies).set({ checkStatus: 'ok' }).where(eq(proxies.id, proxyId));
    const set = await call(setWalletProxy, account.id, { proxyId });
    expect(set.json().proxy).toMatchObject({ id: proxyId, host: 'proxy.wallet.test', checkStatus: 'ok' });
    expect(set.body).not.toContain('proxy-secret');
    await t.database.db.update(proxies).set({ checkStatus: 'failed' }).where(eq(proxies.id, proxyId));
    expect((await call(getWallet, account.id)).json().proxy.checkStatus).toBe('failed');
    expect((await call(setWalletProxy, account.id, { proxyId: null })).json().proxy).toBeNull();
    expect(await audits(AUDIT_ACTIONS.walletProxyChanged, account.id)).toHaveLength(2);
  });

  it('disables with a reason and enables again, audited both ways', async () => {
    const account = await addAccount(t, deviceId);
    const disabled = await call(disableWallet, account.id, { reason: 'SIM replaced' });
    expect(disabled.json()).toMatchObject({ status: 'disabled', disabledReason: 'SIM replaced' });
    expect(disabled.json().readiness.reasons).toContain('account_disabled');
    const enabled = await call(enableWallet, account.id);
    expect(enabled.json()).toMatchObject({ status: 'active', disabledReason: null, consecutiveFailures: 0 });
    expect(await audits(AUDIT_ACTIONS.walletDisabled, account.id)).toHaveLength(1);
    expect(await audits(AUDIT_ACTIONS.walletEnabled, account.id)).toHaveLength(1);
  });

  it('deletes an account that never moved money, and refuses (409) one that did', async () => {
    const unused = await addAccount(t, deviceId);
    expect((await call(deleteWallet, unused.id)).statusCode).toBe(204);
    expect((await call(getWallet, unused.id)).statusCode).toBe(404);
    expect(await audits(AUDIT_ACTIONS.walletDeleted, unused.id)).toHaveLength(1);

    const used = await addAccount(t, deviceId);
    await t.database.db.insert(walletTransactions).values({
      accountId: used.id,
      providerTransactionId: 'TX-1',
      direction: 'in',
      amountMinor: 50_000n,
      currency: 'IDR',
      occurredAt: new Date(),
      source: 'push',
    });
    const refused = await call(deleteWallet, used.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('HAS_MOVED_MONEY');
    expect((await call(getWallet, used.id)).json()).toMatchObject({ hasMovedMoney: true });
  });

  it('answers 404 for an unknown account and 422 for an id that is not one', async () => {
    expect((await call(getWallet, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(getWallet, 'not-an-id')).statusCode).toBe(422);
  });
});
