import { ROLE } from '@gerbang/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { auditLog, ledgerAccounts, ledgerJournals } from '../../db/schema';
import { eventually, type FleetTestApp, send } from '../agents/agents.test-support';
import { LEDGER_ACCOUNTS } from '../ledger/ledger-accounts';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import type { WalletCommand } from '../wallets/wallets.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { withdrawalsOf } from './withdrawals';
import { fundMerchant, verifiedPayoutMethod } from './withdrawals.test-support';

type Answer = ReturnType<NonNullable<Parameters<typeof readyAccount>[2]>>;
type Exception = {
  id: string;
  outcome: string;
  withdrawalId: string | null;
  amount: string;
  resolution: string | null;
};

/**
 * Money that leaves a wallet account with no open withdrawal to answer for it is never dropped: a
 * success reported after a withdrawal's hold was released, and an outgoing transfer no withdrawal
 * claims, each leave the account's cash for the payout exceptions account at once and wait for an
 * Admin, who charges the merchant or writes it off.
 */
describe('payout exceptions', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let operator: ReturnType<typeof api>;
  let approver: ReturnType<typeof api>;
  let sender: Awaited<ReturnType<typeof readyAccount>>;
  let method: Awaited<ReturnType<typeof verifiedPayoutMethod>>;
  /** Transfer commands the phone took and has not answered yet. */
  const unanswered: Extract<WalletCommand, { type: 'transfer' }>[] = [];
  let onTransfer: (command: Extract<WalletCommand, { type: 'transfer' }>) => Answer = () => undefined;

  const statusOf = async (id: string) => (await operator.get(`/withdrawal-requests/${id}`)).json();
  const available = async () => BigInt((await shop.client.get('/v1/balance')).json().available);
  const queue = async () => (await operator.get('/payout-exceptions?awaitingReview=true')).json().items as Exception[];
  const pushOutgoing = (transfer: { id: string; amount: string; to: string; note?: string }) =>
    send(sender.phone.socket, 'wallet:transactions', {
      accountId: sender.account.id,
      transactions: [
        {
          providerTransactionId: transfer.id,
          direction: 'out',
          amount: transfer.amount,
          counterpartyAccount: transfer.to,
          occurredAt: new Date().toISOString(),
          note: transfer.note,
        },
      ],
    });

  async function sendOne(amount: string) {
    const request = (await shop.console.post('/withdrawal-requests', { payoutMethodId: method.id, amount })).json();
    expect((await approver.post(`/withdrawal-requests/${request.id}/approve`)).statusCode).toBe(200);
    expect((await operator.post(`/withdrawal-requests/${request.id}/execute`, {})).statusCode).toBe(200);
    return request.id as string;
  }

  beforeAll(async () => {
    t = await walletTestApp({ TRANSFER_DEADLINE_SECONDS: '30' });
    shop = await merchantWithToken(t);
    sender = await readyAccount(t, 'dana', (command) =>
      command.type === 'transfer' ? onTransfer(command) : undefined,
    );
    await fundMerchant(t, shop.merchantId, sender.account.id, 1_000_000n);
    method = await verifiedPayoutMethod(shop.console);
    operator = api(t.app, t.admin.headers as Parameters<typeof api>[1]);
    approver = api(t.app, (await signedInUser(t, ROLE.SubAdmin)).headers);
  });
  afterAll(() => t.close());

  it('queues a success the phone reports after an operator released the hold, and charges the merchant on request', async () => {
    // The app crashed after the send button: uncertain. Nothing in the history yet, so an operator
    // (reasonably) says it was not paid, and the hold goes back.
    onTransfer = (command) => {
      unanswered.push(command);
      return { ok: false, errorCode: 'outcome_unknown' };
    };
    const id = await sendOne('30000');
    await eventually(async () => (await statusOf(id)).status === 'uncertain');
    const released = await operator.post(`/withdrawal-requests/${id}/reconcile`, {
      outcome: 'not_paid',
      note: 'Not in the app',
    });
    expect(released.json().status).toBe('failed');
    const afterRelease = await available();
    // Then the phone's own result arrives: it was sent.
    const command = unanswered.pop();
    await send(sender.phone.socket, 'command:result', {
      commandId: command?.id,
      ok: true,
      data: { providerTransactionId: 'DANA-LATE-1' },
    });
    const [queued] = await eventually(async () => {
      const items = await queue();
      return items.length > 0 ? items : null;
    });
    expect(queued).toMatchObject({ outcome: 'paid_after_release', withdrawalId: id, amount: '30000' });
    expect((await statusOf(id)).status).toBe('failed');
    expect(await ledgerViolations(t.database.db)).toEqual([]);

    const charged = await operator.post(`/payout-exceptions/${queued?.id}/charge-merchant`, {
      note: 'The customer confirmed receipt',
    });
    expect(charged.statusCode, charged.body).toBe(204);
    // The amount and the withdrawal's fee (none for this merchant) leave the available balance again.
    expect(afterRelease - (await available())).toBe(30_000n);
    const twice = await operator.post(`/payout-exceptions/${queued?.id}/write-off`, { note: 'Again' });
    expect(twice.statusCode).toBe(409);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, queued?.id as string));
    expect(audited.map((row) => row.action)).toEqual(['payout_exception.charged_to_merchant']);
    expect(await queue()).toEqual([]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('queues an outgoing transfer no withdrawal claims, and writes it off with a reason', async () => {
    await pushOutgoing({ id: 'DANA-MANUAL-7', amount: '12345', to: '0899999999' });
    await withdrawalsOf(t.app.ctx).exceptions.run();
    const [queued] = await queue();
    expect(queued).toMatchObject({ outcome: 'unclaimed', withdrawalId: null, amount: '12345' });
    const noMerchant = await operator.post(`/payout-exceptions/${queued?.id}/charge-merchant`, { note: 'Try' });
    expect(noMerchant.statusCode).toBe(409);
    const noReason = await operator.post(`/payout-exceptions/${queued?.id}/write-off`, { note: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(
      (await operator.post(`/payout-exceptions/${queued?.id}/write-off`, { note: 'Owner used the phone' })).statusCode,
    ).toBe(204);
    const journals = await t.database.db
      .select({ kind: ledgerJournals.kind })
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.referenceId, queued?.id as string)));
    expect(journals.map((j) => j.kind).sort()).toEqual(['unclaimed_payout', 'unclaimed_payout_written_off']);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('leaves a transfer to the withdrawal still being sent, which it then settles: no exception', async () => {
    onTransfer = (command) => {
      unanswered.push(command);
      return null; // the phone reports the result later
    };
    const id = await sendOne('41000');
    const row = await statusOf(id);
    // The phone's stream shows the transfer before its command result.
    await pushOutgoing({
      id: 'DANA-EARLY-1',
      amount: '41000',
      to: row.destination.accountNumber,
      note: row.referenceNumber,
    });
    await withdrawalsOf(t.app.ctx).exceptions.run();
    expect(await queue()).toEqual([]);
    const command = unanswered.pop();
    await send(sender.phone.socket, 'command:result', {
      commandId: command?.id,
      ok: true,
      data: { providerTransactionId: 'DANA-EARLY-1' },
    });
    await eventually(async () => (await statusOf(id)).status === 'success');
    await withdrawalsOf(t.app.ctx).exceptions.run();
    expect(await queue()).toEqual([]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('is for Admins only', async () => {
    const staff = api(t.app, (await signedInUser(t, ROLE.Staff)).headers);
    expect((await staff.get('/payout-exceptions')).statusCode).toBe(403);
    expect((await shop.console.get('/payout-exceptions')).statusCode).toBe(403);
  });

  it("withdraws the exception too when the phone's result settled the withdrawal before its masked entry was queued", async () => {
    // The race the crash test met: the result's lookup misses the transfer (not in the history
    // yet) and settles the withdrawal without it; meanwhile the history's masked entry (nothing
    // ties it to the withdrawal) is stored and queued as unclaimed; then the result's own record
    // of the transfer finds that row and links it.
    onTransfer = (command) => {
      unanswered.push(command);
      return null;
    };
    const availableBefore = await available();
    const id = await sendOne('53000');
    unanswered.pop();
    const transfers = withdrawalsOf(t.app.ctx).transfers;
    const sent = await withdrawalsOf(t.app.ctx).repo.findById(id);
    await pushOutgoing({ id: 'DANA-MASKED-2', amount: '53000', to: '****7890' });
    await withdrawalsOf(t.app.ctx).exceptions.run();
    expect((await queue()).map((x) => x.amount)).toEqual(['53000']);
    const paid = await transfers.succeed(
      sent as NonNullable<typeof sent>,
      { walletTransactionId: null, reference: 'DANA-MASKED-2' },
      'transfer_reported',
    );
    await transfers.recordReported(paid as NonNullable<typeof paid>, 'DANA-MASKED-2');
    expect((await statusOf(id)).status).toBe('success');
    expect(await queue()).toEqual([]);
    expect(availableBefore - (await available())).toBe(53_000n);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it("withdraws an exception when a withdrawal's own result names its transfer: the money left once", async () => {
    // The history shows the transfer masked (no destination, no note): nothing ties it to the
    // withdrawal being sent, so it is queued as unclaimed; then the phone's result names it.
    onTransfer = (command) => {
      unanswered.push(command);
      return null;
    };
    const availableBefore = await available();
    const id = await sendOne('52000');
    await pushOutgoing({ id: 'DANA-MASKED-1', amount: '52000', to: '****7890' });
    await withdrawalsOf(t.app.ctx).exceptions.run();
    const [queued] = await queue();
    expect(queued).toMatchObject({ outcome: 'unclaimed', amount: '52000' });
    const command = unanswered.pop();
    await send(sender.phone.socket, 'command:result', {
      commandId: command?.id,
      ok: true,
      data: { providerTransactionId: 'DANA-MASKED-1' },
    });
    await eventually(async () => (await statusOf(id)).status === 'success');
    // Settled once: the exception is withdrawn, its money back from exceptions to the account.
    expect(await queue()).toEqual([]);
    const all = (await operator.get('/payout-exceptions')).json().items as Exception[];
    expect(all.find((x) => x.id === queued?.id)).toMatchObject({ resolution: 'claimed_by_withdrawal' });
    expect(availableBefore - (await available())).toBe(52_000n);
    // Every exception before this one was resolved, and this one withdrawn: nothing is left in it.
    const exceptions = await t.database.db
      .select({ balance: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, LEDGER_ACCOUNTS.payoutExceptions('IDR').code));
    expect(exceptions[0]?.balance).toBe(0n);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
