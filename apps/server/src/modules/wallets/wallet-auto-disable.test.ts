import { enableWallet, getWallet, runWalletChecks } from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { addAccount, fakeWalletApp, walletPhone, walletTestApp } from './wallets.test-support';

describe('auto-disable after failures in a row', () => {
  let t: FleetTestApp;
  beforeAll(async () => {
    t = await walletTestApp({ WALLET_AUTO_DISABLE_AFTER_FAILURES: '3' });
  });
  afterAll(() => t.close());

  const check = (accountId: string, type = 'get_balance') =>
    t.app.inject({
      method: 'POST',
      url: runWalletChecks.path,
      headers: t.admin.headers,
      payload: { accountIds: [accountId], type },
    });
  const view = async (id: string) =>
    (await t.app.inject({ url: getWallet.path.replace(':id', id), headers: t.admin.headers })).json();
  const failuresReach = (id: string, n: number) => eventually(async () => (await view(id)).consecutiveFailures === n);

  it('auto-disables at the setting’s count with the cause, audited; an operator re-enables it', async () => {
    const { device, socket } = await walletPhone(t);
    fakeWalletApp(socket, (c) => (c.type === 'wallet-check' ? { ok: false, errorCode: 'app_crashed' } : undefined));
    const account = await addAccount(t, device.id);
    for (let n = 1; n <= 3; n++) {
      await check(account.id);
      await failuresReach(account.id, n);
    }
    const disabled = await view(account.id);
    expect(disabled).toMatchObject({
      status: 'auto_disabled',
      autoDisabledCause: { source: 'check', type: 'get_balance', reason: 'app_crashed', failures: 3 },
    });
    expect(disabled.readiness.reasons).toContain('account_auto_disabled');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, AUDIT_ACTIONS.walletAutoDisabled), eq(auditLog.targetId, account.id)));
    expect(audit).toMatchObject({ actorUserId: null, details: { failures: 3, limit: 3 } });
    // Disabled accounts are not checked: nothing more counts.
    expect((await check(account.id)).json().skipped).toEqual([{ accountId: account.id, reason: 'account_disabled' }]);

    const enabled = await t.app.inject({
      method: 'POST',
      url: enableWallet.path.replace(':id', account.id),
      headers: t.admin.headers,
    });
    expect(enabled.json()).toMatchObject({ status: 'active', consecutiveFailures: 0, autoDisabledCause: null });
    socket.close();
  });

  it('a success ends the run of failures; a phone going away does not count', async () => {
    const { device, socket } = await walletPhone(t);
    let failing = true;
    fakeWalletApp(socket, (c) =>
      c.type === 'wallet-check' && failing ? { ok: false, errorCode: 'app_crashed' } : undefined,
    );
    const account = await addAccount(t, device.id);
    await check(account.id);
    await check(account.id, 'transfer');
    await failuresReach(account.id, 2);
    failing = false;
    await check(account.id);
    await failuresReach(account.id, 0);

    fakeWalletApp(socket, () => null);
    await check(account.id, 'transfer');
    socket.close();
    await eventually(async () => (await view(account.id)).health.transfer.reason === 'disconnected');
    expect(await view(account.id)).toMatchObject({ status: 'active', consecutiveFailures: 0 });
  });
});
