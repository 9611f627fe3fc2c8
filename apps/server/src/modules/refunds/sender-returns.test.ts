import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { webhookEvents, withdrawals } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { queuedTransfer, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { TEST_HOLDER_NAME, walletTestApp } from '../wallets/wallets.test-support';
import { SENDER_PHONE } from './refunds.test-support';

type Listed = {
  id: string;
  resolution: string | null;
  counterpartyAccount: string;
  returnWithdrawal: { id: string; status: string } | null;
};

describe('returns: an operator sends a transfer that paid nothing back to its sender through a phone', () => {
  let t: FleetTestApp;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let maker: ReturnType<typeof api>;
  let checker: ReturnType<typeof api>;
  /** While set, the phone answers every transfer with this failure. */
  let transferFails = false;

  const listed = async (id: string): Promise<Listed | undefined> =>
    (await maker.get('/transactions?outcome=unmatched&limit=100'))
      .json()
      .items.find((item: { id: string }) => item.id === id);
  const waiting = async (id: string) =>
    (await maker.get('/transactions?awaitingReview=true&limit=100'))
      .json()
      .items.some((item: { id: string }) => item.id === id);
  const unmatched = (amount: string, fromAccount = SENDER_PHONE, from = TEST_HOLDER_NAME) =>
    queuedTransfer(dana.phone, dana.account.id, maker, amount, from, fromAccount);
  const withdrawalOf = (id: string) => maker.get(`/withdrawal-requests/${id}`).then((r) => r.json());
  const ended = (id: string, status: string) =>
    eventually(async () => ((await withdrawalOf(id)).status === status ? true : null), 15_000);

  beforeAll(async () => {
    // Above 100,000 rupiah a second operator approves.
    t = await walletTestApp({ RESOLUTION_APPROVAL_ABOVE_IDR: '100000' });
    dana = await readyAccount(t, 'dana', (command) =>
      command.type === 'transfer' && transferFails
        ? { ok: false, errorCode: 'destination_invalid', error: 'The destination refused it' }
        : undefined,
    );
    maker = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    checker = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
  });
  afterAll(() => t.close());

  it('pays it back from the account it arrived in to the account its history names, out of suspense, telling no merchant', async () => {
    const transfer = await unmatched('12345');
    const res = await maker.post(`/transactions/${transfer.id}/return`, { note: 'Customer paid the wrong shop' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await waiting(transfer.id)).toBe(false);
    const item = await listed(transfer.id);
    expect(item).toMatchObject({ resolution: 'returned', counterpartyAccount: SENDER_PHONE });
    const returnId = item?.returnWithdrawal?.id as string;
    await ended(returnId, 'success');

    const sent = dana.commands.find(
      (c) => c.type === 'transfer' && c.payload.destination.accountNumber === SENDER_PHONE,
    );
    expect(sent?.payload).toMatchObject({ amount: '12345', destination: { provider: 'dana' } });
    expect(await withdrawalOf(returnId)).toMatchObject({
      kind: 'return',
      merchantId: null,
      merchantName: null,
      returnedTransferId: transfer.id,
      amount: '12345',
      fee: '0',
      status: 'success',
      sendingAccount: { id: dana.account.id },
      destination: { accountNumber: SENDER_PHONE, holderName: TEST_HOLDER_NAME, verifiedHolderName: TEST_HOLDER_NAME },
    });
    // Its timeline says who took each step: the operator, the phone that asked and sent, the server.
    const steps = (await withdrawalOf(returnId)).timeline.map((e: { reason: string; actor: object }) => [
      e.reason,
      e.actor,
    ]);
    expect(steps).toEqual([
      ['created', { kind: 'operator', name: expect.any(String) }],
      ['refund_verified', { kind: 'phone', name: dana.phone.device.name }],
      ['confirmed_sent', { kind: 'system', name: null }],
      ['transfer_reported', { kind: 'phone', name: dana.phone.device.name }],
    ]);
    const returns = (await maker.get('/withdrawal-requests?kind=return&limit=100')).json().items;
    expect(returns.map((w: { id: string }) => w.id)).toContain(returnId);
    const told = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, returnId));
    expect(told).toEqual([]);
    const audit = await t.app.ctx.audit.listForTarget('wallet_transaction', transfer.id);
    expect(audit[0]).toMatchObject({
      action: AUDIT_ACTIONS.depositReturnRequested,
      details: expect.objectContaining({
        withdrawalId: returnId,
        amount: '12345',
        note: 'Customer paid the wrong shop',
      }),
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    // Resolved once: it is neither returned again nor resolved otherwise.
    expect((await maker.post(`/transactions/${transfer.id}/return`, { note: 'again' })).statusCode).toBe(409);
    expect((await maker.post(`/transactions/${transfer.id}/refunded-outside`, { note: 'again' })).statusCode).toBe(409);
  });

  it('puts the transfer back in the queue, its money back in suspense, when the phone cannot send it', async () => {
    const transfer = await unmatched('23456');
    transferFails = true;
    try {
      expect((await maker.post(`/transactions/${transfer.id}/return`, { note: 'Wrong shop' })).statusCode).toBe(204);
      const returnId = (await listed(transfer.id))?.returnWithdrawal?.id as string;
      await ended(returnId, 'failed');
    } finally {
      transferFails = false;
    }
    expect(await waiting(transfer.id)).toBe(true);
    expect(await listed(transfer.id)).toMatchObject({ resolution: null, returnWithdrawal: null });
    const trail = await t.app.ctx.audit.listForTarget('wallet_transaction', transfer.id);
    expect(trail[0]).toMatchObject({
      action: AUDIT_ACTIONS.depositReturnEndedUnpaid,
      actorUserId: null,
      details: expect.objectContaining({ status: 'failed', failureReason: 'destination_invalid' }),
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    // Sent back again, this time it goes.
    expect((await maker.post(`/transactions/${transfer.id}/return`, { note: 'Second try' })).statusCode).toBe(204);
    const again = (await listed(transfer.id))?.returnWithdrawal?.id as string;
    await ended(again, 'success');
    const tries = await t.database.db
      .select({ reference: withdrawals.referenceNumber, status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.returnedTransferId, transfer.id));
    expect(tries.map((w) => w.status).sort()).toEqual(['failed', 'success']);
    expect(tries.map((w) => w.reference.split('#')[1]).sort()).toEqual(['RET1', 'RET2']);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses a transfer whose history names no sender account, saying why, and moves nothing', async () => {
    const transfer = await unmatched('34567', '');
    const res = await maker.post(`/transactions/${transfer.id}/return`, { note: 'Wrong shop' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/does not name the sender's account/);
    expect(await waiting(transfer.id)).toBe(true);
    expect((await maker.post(`/transactions/${transfer.id}/return`, {})).statusCode).toBe(422);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('returns a transfer once when two operators send it back at the same moment', async () => {
    const transfer = await unmatched('45678');
    const answers = await Promise.all([
      maker.post(`/transactions/${transfer.id}/return`, { note: 'Mine' }),
      checker.post(`/transactions/${transfer.id}/return`, { note: 'Mine too' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    const made = await t.database.db.select().from(withdrawals).where(eq(withdrawals.returnedTransferId, transfer.id));
    expect(made).toHaveLength(1);
    await ended(made[0]?.id as string, 'success');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('above the approval amount, waits for a second operator, who sends it', async () => {
    const transfer = await unmatched('150000');
    const proposed = await maker.post(`/transactions/${transfer.id}/return`, { note: 'Large, wrong shop' });
    expect(proposed.statusCode).toBe(202);
    expect(await listed(transfer.id)).toMatchObject({ resolution: null, returnWithdrawal: null });
    expect((await maker.post(`/transactions/${transfer.id}/approve`)).statusCode).toBe(403);
    expect((await checker.post(`/transactions/${transfer.id}/approve`)).statusCode).toBe(204);
    const returnId = (await listed(transfer.id))?.returnWithdrawal?.id as string;
    await ended(returnId, 'success');
    expect(await withdrawalOf(returnId)).toMatchObject({ amount: '150000', note: 'Large, wrong shop' });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
