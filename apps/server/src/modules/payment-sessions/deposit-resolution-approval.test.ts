import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { api } from '../../../test/helpers/test-api';
import type { FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { ledgerViolations } from '../ledger/ledger-invariants';
import {
  type merchantWithToken,
  nextReference,
  queuedTransfer,
  type readyAccount,
} from './payment-sessions.test-support';
import { reviewDeskWorld } from './review-desk.test-support';

describe('resolutions above the approval amount wait for a second operator', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let maker: ReturnType<typeof api>;
  let checker: ReturnType<typeof api>;
  let thirdOperator: ReturnType<typeof api>;
  const balance = async () => Number((await shop.client.get('/v1/balance')).json().available);
  const sessionStatus = async (id: string) => (await shop.client.get(`/v1/payment-sessions/${id}`)).json().status;
  /** A session of `amount` and a transfer of 100 more into its account: queued, a near match. */
  async function nearMatch(amount: string) {
    const session = (await shop.open({ referenceNumber: nextReference(), amount, method: 'dana' })).json();
    const transfer = await queuedTransfer(
      dana.phone,
      dana.account.id,
      maker,
      String(Number(session.finalAmount) + 100),
    );
    return { session, transfer };
  }

  beforeAll(async () => {
    // Above 100,000 rupiah a second operator approves.
    const world = await reviewDeskWorld({ env: { RESOLUTION_APPROVAL_ABOVE_IDR: '100000' }, admins: 3 });
    ({ t, shop, dana } = world);
    [maker, checker, thirdOperator] = world.admins as [
      ReturnType<typeof api>,
      ReturnType<typeof api>,
      ReturnType<typeof api>,
    ];
  });
  afterAll(() => t.close());

  it('proposes a large match (202), credits nothing until another operator approves, never its proposer', async () => {
    const { session, transfer } = await nearMatch('150000');
    const before = await balance();
    const proposed = await maker.post(`/transactions/${transfer.id}/match`, {
      paymentSessionId: session.id,
      note: 'Receipt matches; 100 extra',
    });
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json()).toEqual({ status: 'awaiting_approval' });
    expect(await sessionStatus(session.id)).toBe('awaiting_payment');
    expect(await balance()).toBe(before);
    const listed = (await maker.get('/transactions?awaitingReview=true&limit=100'))
      .json()
      .items.find((item: { id: string }) => item.id === transfer.id);
    expect(listed.proposal).toMatchObject({
      kind: 'match',
      paymentSessionId: session.id,
      note: 'Receipt matches; 100 extra',
    });

    // Nobody proposes twice, and the proposer cannot approve.
    const twice = await checker.post(`/transactions/${transfer.id}/refunded-outside`, { note: 'no, refund' });
    expect(twice.statusCode).toBe(409);
    const own = await maker.post(`/transactions/${transfer.id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('SECOND_APPROVER_REQUIRED');

    const approved = await checker.post(`/transactions/${transfer.id}/approve`, {});
    expect(approved.statusCode).toBe(204);
    expect(await sessionStatus(session.id)).toBe('success');
    expect(await balance()).toBeGreaterThan(before);
    const audit = await t.app.ctx.audit.listForTarget('wallet_transaction', transfer.id);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([AUDIT_ACTIONS.depositResolutionProposed, AUDIT_ACTIONS.depositMatchedByOperator]),
    );
    const matched = audit.find((entry) => entry.action === AUDIT_ACTIONS.depositMatchedByOperator);
    expect(matched?.details).toMatchObject({
      proposedByUserId: expect.any(String),
      approvedByUserId: expect.any(String),
    });
    expect((await checker.post(`/transactions/${transfer.id}/approve`, {})).statusCode).toBe(409);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('two operators approving at once: one carries it out, the other is 409; one credit', async () => {
    const { session, transfer } = await nearMatch('160000');
    await maker.post(`/transactions/${transfer.id}/match`, { paymentSessionId: session.id, note: 'Checked' });
    const before = await balance();
    const answers = await Promise.all([
      checker.post(`/transactions/${transfer.id}/approve`, {}),
      thirdOperator.post(`/transactions/${transfer.id}/approve`, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    expect(await sessionStatus(session.id)).toBe('success');
    const credited = (await shop.client.get(`/v1/payment-sessions/${session.id}`)).json();
    expect((await balance()) - before).toBe(
      Number(credited.amount) + Number(credited.receivedAmount) - Number(credited.finalAmount) - Number(credited.fee),
    );
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('a declined proposal leaves the transfer queued for another decision, with the reason audited', async () => {
    const { session, transfer } = await nearMatch('170000');
    await maker.post(`/transactions/${transfer.id}/match`, { paymentSessionId: session.id, note: 'Looks right' });
    const noReason = await checker.post(`/transactions/${transfer.id}/decline`, { note: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error.fields).toHaveProperty(['body.note']);
    expect((await checker.post(`/transactions/${transfer.id}/decline`, { note: 'Wrong customer' })).statusCode).toBe(
      204,
    );
    const listed = (await maker.get('/transactions?awaitingReview=true&limit=100'))
      .json()
      .items.find((item: { id: string }) => item.id === transfer.id);
    expect(listed).toMatchObject({ proposal: null, resolution: null });
    expect(await sessionStatus(session.id)).toBe('awaiting_payment');
    // A refund outside is proposed the same way, and approved by another.
    expect((await maker.post(`/transactions/${transfer.id}/refunded-outside`, { note: 'Sent back' })).statusCode).toBe(
      202,
    );
    expect((await checker.post(`/transactions/${transfer.id}/approve`, {})).statusCode).toBe(204);
    const resolved = (await maker.get('/transactions?outcome=unmatched&limit=100'))
      .json()
      .items.find((item: { id: string }) => item.id === transfer.id);
    expect(resolved).toMatchObject({ resolution: 'refunded_outside', proposal: null });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('carries out a small resolution at once (204), as before', async () => {
    const { session, transfer } = await nearMatch('50000');
    const res = await maker.post(`/transactions/${transfer.id}/match`, { paymentSessionId: session.id, note: 'Small' });
    expect(res.statusCode).toBe(204);
    expect(await sessionStatus(session.id)).toBe('success');
  });
});
