import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { walletTransactions } from '../../db/schema';
import { eventually, type FleetTestApp, send } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import type { WalletCommand } from '../wallets/wallets.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { withdrawalsOf } from './withdrawals';
import { fundMerchant, verifiedPayoutMethod } from './withdrawals.test-support';

type Answer = ReturnType<NonNullable<Parameters<typeof readyAccount>[2]>>;

/**
 * What the server already holds decides an uncertain withdrawal before anybody guesses: a transfer
 * the phone reported settles it the moment it goes uncertain, and an operator's "not paid" that a
 * recorded transfer contradicts is refused, naming that transfer.
 */
describe('uncertain withdrawals against the transfers the server recorded', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let operator: ReturnType<typeof api>;
  let approver: ReturnType<typeof api>;
  let method: Awaited<ReturnType<typeof verifiedPayoutMethod>>;

  const statusOf = async (id: string) => (await operator.get(`/withdrawal-requests/${id}`)).json();
  const available = async () => (await shop.client.get('/v1/balance')).json().available as string;

  /**
   * A phone whose account sends with `onTransfer` and, once ready, never answers a history read
   * (each one times out on the phone, and the account stays busy checking: one per test).
   */
  async function senderWith(onTransfer: (command: Extract<WalletCommand, { type: 'transfer' }>) => Answer) {
    let ready = false;
    const phone = await readyAccount(t, 'dana', (command) => {
      if (command.type === 'transfer') return onTransfer(command);
      if (ready && command.type === 'wallet-check' && command.payload.checkType === 'transaction_history') return null;
      return undefined;
    });
    ready = true;
    await fundMerchant(t, shop.merchantId, phone.account.id, 100_000n);
    return phone;
  }

  /** The phone reports an outgoing transfer in its account's stream. */
  const push = (
    phone: Awaited<ReturnType<typeof readyAccount>>,
    providerTransactionId: string,
    payload: { amount: string; destination: { accountNumber: string }; note: string },
  ) =>
    send(phone.phone.socket, 'wallet:transactions', {
      accountId: phone.account.id,
      transactions: [
        {
          providerTransactionId,
          direction: 'out',
          amount: payload.amount,
          counterpartyAccount: payload.destination.accountNumber,
          occurredAt: new Date().toISOString(),
          note: payload.note,
        },
      ],
    });

  async function sendOne(amount: string, walletAccountId: string) {
    const request = (await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount })).json();
    expect((await approver.post(`/withdrawal-requests/${request.id}/approve`)).statusCode).toBe(200);
    expect((await operator.post(`/withdrawal-requests/${request.id}/execute`, { walletAccountId })).statusCode).toBe(
      200,
    );
    return request.id as string;
  }

  beforeAll(async () => {
    t = await walletTestApp({ TRANSFER_DEADLINE_SECONDS: '1', TRANSFER_HISTORY_LAG_SECONDS: '1' });
    shop = await merchantWithToken(t);
    await readyAccount(t, 'dana'); // verifies the payout method
    method = await verifiedPayoutMethod(shop.console);
    operator = api(t.app, t.admin.headers as Parameters<typeof api>[1]);
    approver = api(t.app, (await signedInUser(t, ROLE.SubAdmin)).headers);
  });
  afterAll(() => t.close());

  it('settles at once from the transfer the phone reported before it went silent, without a history read', async () => {
    // The simulator's silent_after_send: the phone sends, reports the outgoing transfer in its
    // account's stream, and never answers the command.
    const sender = await senderWith((command) => {
      void send(sender.phone.socket, 'wallet:transactions', {
        accountId: sender.account.id,
        transactions: [
          {
            providerTransactionId: `SILENT-${command.payload.transferId.slice(0, 8)}`,
            direction: 'out',
            amount: command.payload.amount,
            counterpartyName: command.payload.destination.holderName,
            counterpartyAccount: command.payload.destination.accountNumber,
            occurredAt: new Date().toISOString(),
            note: command.payload.note,
          },
        ],
      });
      return null;
    });
    const before = await available();
    const id = await sendOne('70000', sender.account.id);
    await eventually(async () => {
      const [row] = await t.database.db
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .where(eq(walletTransactions.accountId, sender.account.id));
      return row ?? null;
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await withdrawalsOf(t.app.ctx).transfers.sweepOverdue();
    const settled = await eventually(async () => {
      const now = await statusOf(id);
      return now.status === 'success' ? now : null;
    });
    expect(settled.transferReference).toBe(`SILENT-${id.slice(0, 8)}`);
    expect(settled.timeline.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'pending_approval',
      'approved',
      'processing',
      'uncertain',
      'success',
    ]);
    expect(settled.timeline.at(-1)).toMatchObject({ fromStatus: 'uncertain', reason: 'found_in_history' });
    // No history read answered: the recorded transfer was enough.
    expect(BigInt(before) - BigInt(await available())).toBe(70_000n);
    const notPaid = await operator.post(`/withdrawal-requests/${id}/reconcile`, {
      outcome: 'not_paid',
      note: 'Not in the app',
    });
    expect(notPaid.statusCode).toBe(409);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses "not paid" while the sending account holds the transfer that paid it, and names it', async () => {
    const sender = await senderWith(() => null);
    const before = await available();
    const id = await sendOne('45000', sender.account.id);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await withdrawalsOf(t.app.ctx).transfers.sweepOverdue();
    const uncertain = await statusOf(id);
    expect(uncertain.status).toBe('uncertain');
    // The transfer reaches the database (another instance stored it) before any reconciliation
    // here looks: only the operator's decision stands between it and a second payout.
    await t.database.db.insert(walletTransactions).values({
      accountId: sender.account.id,
      providerTransactionId: 'DANA-EVIDENCE-1',
      direction: 'out',
      amountMinor: 45_000n,
      currency: 'IDR',
      counterpartyName: uncertain.destination.holderName,
      counterpartyAccount: uncertain.destination.accountNumber,
      occurredAt: new Date(),
      source: 'push',
    });
    const refused = await operator.post(`/withdrawal-requests/${id}/reconcile`, {
      outcome: 'not_paid',
      note: 'Nothing in the app',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CONTRADICTS_RECORD');
    expect(refused.json().error.message).toContain('DANA-EVIDENCE-1');
    expect(refused.json().error.message).toContain('45000');
    // Nothing changed: still uncertain, still held.
    expect((await statusOf(id)).status).toBe('uncertain');
    expect(BigInt(before) - BigInt(await available())).toBe(45_000n);
    // What the server holds settles it.
    const paid = await operator.post(`/withdrawal-requests/${id}/reconcile`, {
      outcome: 'paid',
      reference: 'DANA-EVIDENCE-1',
    });
    expect(paid.json()).toMatchObject({ status: 'success', transferReference: 'DANA-EVIDENCE-1' });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('an uncertain withdrawal never takes, by inference, the transfer of one still being sent with the same amount and destination', async () => {
    const held: Extract<WalletCommand, { type: 'transfer' }>[] = [];
    let mode: 'crash' | 'report_then_hold' = 'crash';
    const phone = await readyAccount(t, 'dana', (command) => {
      if (command.type !== 'transfer') return undefined;
      if (mode === 'crash') return { ok: false, errorCode: 'outcome_unknown' };
      held.push(command);
      void push(phone, `SECOND-${command.payload.transferId.slice(0, 8)}`, command.payload);
      return null;
    });
    await fundMerchant(t, shop.merchantId, phone.account.id, 100_000n);
    // The first goes uncertain: the app crashed; its transfer is not in the history yet.
    const first = await sendOne('25000', phone.account.id);
    await eventually(async () => (await statusOf(first)).status === 'uncertain');
    // The second, of the same amount to the same destination, is sent from the same account; its
    // transfer shows in the phone's stream before its result.
    mode = 'report_then_hold';
    const second = await sendOne('25000', phone.account.id);
    await eventually(async () => held.length === 1);
    await eventually(async () => {
      const [row] = await t.database.db
        .select({ id: walletTransactions.id })
        .from(walletTransactions)
        .where(eq(walletTransactions.providerTransactionId, `SECOND-${second.slice(0, 8)}`));
      return row ?? null;
    });
    await withdrawalsOf(t.app.ctx).transfers.reconcile(phone.account.id);
    expect((await statusOf(first)).status).toBe('uncertain');
    // The second's result names its transfer: it is the second's.
    await send(phone.phone.socket, 'command:result', {
      commandId: held[0]?.id,
      ok: true,
      data: { providerTransactionId: `SECOND-${second.slice(0, 8)}` },
    });
    await eventually(async () => (await statusOf(second)).status === 'success');
    // The first's own transfer reaches the history: it settles the first.
    await push(phone, 'FIRST-OWN', { amount: '25000', destination: { accountNumber: method.accountNumber }, note: '' });
    await eventually(async () => (await statusOf(first)).status === 'success');
    expect((await statusOf(first)).transferReference).toBe('FIRST-OWN');
    expect((await statusOf(second)).transferReference).toBe(`SECOND-${second.slice(0, 8)}`);
    await withdrawalsOf(t.app.ctx).exceptions.run();
    expect((await operator.get('/payout-exceptions')).json().items).toEqual([]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
