import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { walletAccounts } from '../../db/schema';
import { eventually, type FleetTestApp, send } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import type { WalletCommand } from '../wallets/wallets.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { withdrawalsOf } from './withdrawals';
import { fundMerchant, verifiedPayoutMethod } from './withdrawals.test-support';

type Answer = ReturnType<NonNullable<Parameters<typeof readyAccount>[2]>>;

/**
 * The worst failure is paying twice: a transfer whose outcome the server did not learn is
 * uncertain, keeps its hold, is never sent again, and is settled only by the sending account's
 * history or by an operator.
 */
describe('uncertain transfers', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let operator: ReturnType<typeof api>;
  let approver: ReturnType<typeof api>;
  /** How the phone answers the next transfer (undefined: it goes through). */
  let onTransfer: (command: Extract<WalletCommand, { type: 'transfer' }>) => Answer = () => undefined;
  /** What the phone's history shows on the next read. */
  let history: object[] = [];
  /** While set, the phone leaves history reads unanswered here until the test answers them. */
  let heldHistoryReads: WalletCommand[] | null = null;
  let sender: Awaited<ReturnType<typeof readyAccount>>;

  const statusOf = async (id: string) => (await operator.get(`/withdrawal-requests/${id}`)).json();
  const balance = async () => (await shop.client.get('/v1/balance')).json();

  /** A request approved by a second operator, then sent through the phone. */
  async function sendOne(amount: string) {
    const method = await verifiedPayoutMethod(shop.console);
    const request = (await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount })).json();
    expect((await approver.post(`/withdrawal-requests/${request.id}/approve`)).statusCode).toBe(200);
    const sent = await operator.post(`/withdrawal-requests/${request.id}/execute`, {});
    expect(sent.statusCode).toBe(200);
    return request.id as string;
  }

  beforeAll(async () => {
    t = await walletTestApp({ TRANSFER_DEADLINE_SECONDS: '1', TRANSFER_HISTORY_LAG_SECONDS: '1' });
    shop = await merchantWithToken(t);
    sender = await readyAccount(t, 'dana', (command) => {
      if (command.type === 'transfer') return onTransfer(command);
      if (command.type === 'wallet-check' && command.payload.checkType === 'transaction_history') {
        if (heldHistoryReads) {
          heldHistoryReads.push(command);
          return null;
        }
        return { ok: true, data: { transactions: history } };
      }
      return undefined;
    });
    await fundMerchant(t, shop.merchantId, sender.account.id, 2_000_000n);
    operator = api(t.app, t.admin.headers as Parameters<typeof api>[1]);
    approver = api(t.app, (await signedInUser(t, ROLE.SubAdmin)).headers);
  });
  afterAll(() => t.close());

  it('goes uncertain when the deadline passes without an answer, keeps the hold and cannot be sent again', async () => {
    onTransfer = () => null; // the phone never answers
    history = [];
    const id = await sendOne('100000');
    const before = await balance();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The history read the sweep starts is held on the phone, so nothing settles the transfer
    // while its uncertain state is checked.
    const held: WalletCommand[] = [];
    heldHistoryReads = held;
    await withdrawalsOf(t.app.ctx).transfers.sweepOverdue();
    await eventually(async () => held.length === 1);
    const uncertain = await statusOf(id);
    expect(uncertain.status).toBe('uncertain');
    expect(uncertain.timeline.map((e: { toStatus: string; reason: string }) => `${e.toStatus}:${e.reason}`)).toContain(
      'uncertain:timeout',
    );
    expect(await balance()).toEqual(before);
    const again = await operator.post(`/withdrawal-requests/${id}/execute`, {});
    expect(again.statusCode).toBe(409);
    // The held read comes back: the transfer went out after all.
    heldHistoryReads = null;
    await send(sender.phone.socket, 'command:result', {
      commandId: held[0]?.id as string,
      ok: true,
      data: {
        transactions: [
          {
            providerTransactionId: `OUT-${id.slice(0, 8)}`,
            direction: 'out',
            amount: '100000',
            counterpartyName: 'PT Toko Maju',
            counterpartyAccount: uncertain.destination.accountNumber,
            occurredAt: new Date().toISOString(),
            note: uncertain.referenceNumber,
          },
        ],
      },
    });
    await eventually(async () => (await statusOf(id)).status === 'success');
    const transfers = sender.commands.filter((c) => c.type === 'transfer' && c.payload.transferId === id);
    expect(transfers).toHaveLength(1);
    expect((await statusOf(id)).timeline.at(-1)).toMatchObject({ toStatus: 'success', reason: 'found_in_history' });
    expect((await statusOf(id)).transferReference).toBe(`OUT-${id.slice(0, 8)}`);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('goes uncertain when the app crashed after sending, and is released when a later history read does not show it', async () => {
    onTransfer = () => ({ ok: false, errorCode: 'outcome_unknown', error: 'The app closed after the send button' });
    history = [];
    const before = await balance();
    const id = await sendOne('40000');
    await eventually(async () => (await statusOf(id)).status === 'uncertain');
    expect(Number(before.available) - Number((await balance()).available)).toBe(40_000);
    // An operator cannot send it a second time while nobody knows whether the first went out.
    const again = await operator.post(`/withdrawal-requests/${id}/execute`, {});
    expect(again.statusCode).toBe(409);
    expect(sender.commands.filter((c) => c.type === 'transfer' && c.payload.transferId === id)).toHaveLength(1);
    // A read before the deadline and the provider's history lag proves nothing; after them, an
    // empty history does.
    await withdrawalsOf(t.app.ctx).transfers.requestHistories();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await statusOf(id)).status).toBe('uncertain');
    await withdrawalsOf(t.app.ctx).transfers.requestHistories();
    await eventually(async () => (await statusOf(id)).status === 'failed');
    expect((await statusOf(id)).failureReason).toBe('not_in_history');
    expect(await balance()).toEqual(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('never starts a transfer on an account that is sending one, nor past its daily outgoing limit', async () => {
    const method = await verifiedPayoutMethod(shop.console);
    const next = (
      await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount: '20000' })
    ).json();
    await approver.post(`/withdrawal-requests/${next.id}/approve`);
    onTransfer = () => null; // the next transfer hangs: the account is busy with it
    const busyWith = await sendOne('10000');
    const onBusy = await operator.post(`/withdrawal-requests/${next.id}/execute`, {
      walletAccountId: sender.account.id,
    });
    expect(onBusy.statusCode).toBe(409);
    expect(onBusy.json().error.message).toMatch(/sending_another_transfer/);
    const anyAccount = await operator.post(`/withdrawal-requests/${next.id}/execute`, {});
    expect(anyAccount.statusCode).toBe(409);
    expect((await statusOf(next.id)).status).toBe('approved');

    // The hung one ends (uncertain, then an operator says it was not paid); the limit still holds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await withdrawalsOf(t.app.ctx).transfers.sweepOverdue();
    await operator.post(`/withdrawal-requests/${busyWith}/reconcile`, { outcome: 'not_paid', note: 'Not in the app' });
    await t.database.db
      .update(walletAccounts)
      .set({ dailyOutgoingAmountMinor: 15_000n })
      .where(eq(walletAccounts.id, sender.account.id));
    try {
      const overLimit = await operator.post(`/withdrawal-requests/${next.id}/execute`, {
        walletAccountId: sender.account.id,
      });
      expect(overLimit.statusCode).toBe(409);
      expect(overLimit.json().error.message).toMatch(/daily_outgoing_amount_reached/);
    } finally {
      await t.database.db
        .update(walletAccounts)
        .set({ dailyOutgoingAmountMinor: null })
        .where(eq(walletAccounts.id, sender.account.id));
    }
    await approver.post(`/withdrawal-requests/${next.id}/reject`, { reason: 'Test over' });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('goes uncertain when the phone disconnects mid-transfer', async () => {
    const phone = await readyAccount(t, 'livin', (command) => (command.type === 'transfer' ? null : undefined));
    const method = await verifiedPayoutMethod(shop.console);
    const request = (
      await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount: '10000' })
    ).json();
    await approver.post(`/withdrawal-requests/${request.id}/approve`);
    const sent = await operator.post(`/withdrawal-requests/${request.id}/execute`, {
      walletAccountId: phone.account.id,
    });
    expect(sent.json().status).toBe('processing');
    phone.phone.socket.disconnect();
    await eventually(async () => (await statusOf(request.id)).status === 'uncertain');
    expect((await statusOf(request.id)).failureReason).toBe('disconnected');
  });

  it('a failure the phone reports before sending releases the hold at once', async () => {
    onTransfer = () => ({ ok: false, errorCode: 'insufficient_funds', error: 'Saldo tidak cukup' });
    const before = await balance();
    const id = await sendOne('25000');
    await eventually(async () => (await statusOf(id)).status === 'failed');
    expect((await statusOf(id)).failureReason).toBe('insufficient_funds');
    expect(await balance()).toEqual(before);
  });

  it('an operator reconciling races the automation: one settles it, the other changes nothing', async () => {
    onTransfer = () => ({ ok: false, errorCode: 'outcome_unknown' });
    history = [];
    const id = await sendOne('15000');
    await eventually(async () => (await statusOf(id)).status === 'uncertain');
    const row = await statusOf(id);
    // The phone reports the transfer while an operator says it was not paid.
    const [manual] = await Promise.all([
      operator.post(`/withdrawal-requests/${id}/reconcile`, { outcome: 'not_paid', note: 'Not in the app history' }),
      send(sender.phone.socket, 'wallet:transactions', {
        accountId: sender.account.id,
        transactions: [
          {
            providerTransactionId: `RACE-${id.slice(0, 8)}`,
            direction: 'out',
            amount: '15000',
            counterpartyAccount: row.destination.accountNumber,
            occurredAt: new Date().toISOString(),
          },
        ],
      }),
    ]);
    const final = await eventually(async () => {
      const now = await statusOf(id);
      return now.status === 'success' || now.status === 'failed' ? now : null;
    });
    if (final.status === 'failed') expect(manual?.statusCode).toBe(200);
    else expect(manual?.statusCode).toBe(409);
    // Give the automation its turn, then check each hold was resolved exactly once.
    await withdrawalsOf(t.app.ctx).transfers.reconcile(sender.account.id);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('never takes another withdrawal’s reported transfer (same amount, same destination) as this one’s', async () => {
    const method = await verifiedPayoutMethod(shop.console);
    const send = async () => {
      const request = (
        await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount: '33000' })
      ).json();
      await approver.post(`/withdrawal-requests/${request.id}/approve`);
      await operator.post(`/withdrawal-requests/${request.id}/execute`, {});
      return request.id as string;
    };
    onTransfer = () => ({ ok: false, errorCode: 'outcome_unknown' });
    const lost = await send();
    await eventually(async () => (await statusOf(lost)).status === 'uncertain');
    onTransfer = () => undefined; // the next one goes through and is reported with its id
    const paid = await send();
    await eventually(async () => (await statusOf(paid)).status === 'success');
    await withdrawalsOf(t.app.ctx).transfers.reconcile(sender.account.id);
    expect((await statusOf(lost)).status).toBe('uncertain');
    // The operator may not name the other's transfer either.
    const taken = await operator.post(`/withdrawal-requests/${lost}/reconcile`, {
      outcome: 'paid',
      reference: (await statusOf(paid)).transferReference,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error.fields['body.reference']).toBe('That transfer already paid another withdrawal');
    await operator.post(`/withdrawal-requests/${lost}/reconcile`, { outcome: 'not_paid', note: 'Checked the app' });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lets an operator settle an uncertain transfer as paid with the reference from the history, audited', async () => {
    onTransfer = () => ({ ok: false, errorCode: 'app_crashed' });
    const id = await sendOne('12000');
    await eventually(async () => (await statusOf(id)).status === 'uncertain');
    const empty = await operator.post(`/withdrawal-requests/${id}/reconcile`, { outcome: 'paid', reference: '' });
    expect(empty.statusCode).toBe(422);
    const paid = await operator.post(`/withdrawal-requests/${id}/reconcile`, {
      outcome: 'paid',
      reference: 'DANA-99812',
    });
    expect(paid.json()).toMatchObject({ status: 'success', transferReference: 'DANA-99812' });
    const last = paid.json().timeline.at(-1);
    expect(last).toMatchObject({ toStatus: 'success', reason: 'reconciled_paid' });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
