import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { paymentSessions } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { walletTestApp } from '../wallets/wallets.test-support';
import { paymentSessionsOf } from './payment-sessions';
import { customerPays, merchantWithToken, nextReference, readyAccount } from './payment-sessions.test-support';

describe('the review queues: paid-late and unmatched transfers, resolved by an operator', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let admin: ReturnType<typeof api>;
  const queued = async (providerId: string) => {
    const page = (await admin.get('/transactions?awaitingReview=true&limit=100')).json();
    return page.items.find((item: { providerTransactionId: string }) => item.providerTransactionId === providerId);
  };
  const balance = async () => Number((await shop.client.get('/v1/balance')).json().available);

  /** A session that expired, then a transfer of its amount made after its window: paid late. */
  async function paidLate(amount: string) {
    const session = (await shop.open({ referenceNumber: nextReference(), amount, method: 'dana' })).json();
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() - interval '10 minutes'` })
      .where(eq(paymentSessions.id, session.id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    const { ids } = await customerPays(dana.phone, dana.account.id, [session.finalAmount]);
    const transfer = await eventually(() => queued(ids[0] as string));
    return { session, transfer };
  }

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    dana = await readyAccount(t, 'dana');
    admin = api(t.app, t.admin.headers as { authorization: string });
  });
  afterAll(() => t.close());

  it("lists a paid-late transfer with its session, and an operator's match pays the session from suspense", async () => {
    const { session, transfer } = await paidLate('41000');
    expect(transfer).toMatchObject({ outcome: 'paid_late', paymentSessionId: session.id, resolution: null });
    const before = await balance();
    const res = await admin.post(`/transactions/${transfer.id}/match`, {
      paymentSessionId: session.id,
      note: 'Customer sent the receipt; paid two minutes late',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await shop.client.get(`/v1/payment-sessions/${session.id}`)).json().status).toBe('success');
    expect((await balance()) - before).toBe(41000);
    expect(await queued(transfer.providerTransactionId)).toBeUndefined();
    const audit = await t.app.ctx.audit.listForTarget('wallet_transaction', transfer.id);
    expect(audit[0]).toMatchObject({
      action: AUDIT_ACTIONS.depositMatchedByOperator,
      actorUserId: expect.any(String),
      details: expect.objectContaining({ note: 'Customer sent the receipt; paid two minutes late' }),
    });
    // The session's timeline names who took each step: its API token, the server's deadline, the operator.
    const steps = (await admin.get(`/payment-sessions/${session.id}`)).json().timeline;
    expect(steps.map((step: { reason: string; actor: { kind: string } }) => [step.reason, step.actor.kind])).toEqual([
      ['created', 'api_token'],
      ['method_selected', 'customer'],
      ['time_limit', 'system'],
      ['operator_matched', 'operator'],
    ]);
    expect(steps[3].actor.name).toEqual(expect.any(String));
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    // Resolved once: a second match is refused and moves nothing.
    const again = await admin.post(`/transactions/${transfer.id}/match`, { paymentSessionId: session.id, note: 'x' });
    expect(again.statusCode).toBe(409);
  });

  it('records an unmatched transfer sent back outside Gerbang, and takes it out of suspense', async () => {
    const { ids } = await customerPays(dana.phone, dana.account.id, ['7777']);
    const transfer = await eventually(() => queued(ids[0] as string));
    expect(transfer.outcome).toBe('unmatched');
    const res = await admin.post(`/transactions/${transfer.id}/refunded-outside`, {
      note: 'Returned by bank transfer',
    });
    expect(res.statusCode).toBe(204);
    const resolved = (await admin.get('/transactions?outcome=unmatched&limit=100'))
      .json()
      .items.find((item: { id: string }) => item.id === transfer.id);
    expect(resolved).toMatchObject({ resolution: 'refunded_outside', resolutionNote: 'Returned by bank transfer' });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses to match a transfer to a session of another amount or account, naming the session', async () => {
    const { transfer } = await paidLate('43000');
    const other = (await shop.open({ referenceNumber: nextReference(), amount: '44000', method: 'dana' })).json();
    const res = await admin.post(`/transactions/${transfer.id}/match`, { paymentSessionId: other.id, note: 'wrong' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty(['body.paymentSessionId']);
    expect((await shop.client.get(`/v1/payment-sessions/${other.id}`)).json().status).toBe('awaiting_payment');
  });

  it('requires a reason (422 naming note)', async () => {
    const { session, transfer } = await paidLate('45000');
    const res = await admin.post(`/transactions/${transfer.id}/match`, { paymentSessionId: session.id, note: ' ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty(['body.note']);
  });

  it('shows a Merchant user only the transfers that paid its own sessions, and no queue actions', async () => {
    const paid = (await shop.open({ referenceNumber: nextReference(), amount: '46000', method: 'dana' })).json();
    await customerPays(
      dana.phone,
      dana.account.id,
      [paid.finalAmount],
      new Date(),
      undefined,
      'Customer',
      '081211112222',
    );
    await eventually(
      async () => (await shop.client.get(`/v1/payment-sessions/${paid.id}`)).json().status === 'success',
    );
    const page = (await shop.console.get('/transactions?limit=100')).json();
    // Who paid, but not their account number (operators see it: they may send money back to it).
    const mine = page.items.find((item: { paymentSessionId: string }) => item.paymentSessionId === paid.id);
    expect(mine).toMatchObject({ counterpartyName: 'Customer', counterpartyAccount: '' });
    const operators = (await admin.get('/transactions?limit=100')).json().items;
    expect(operators.find((item: { id: string }) => item.id === mine.id).counterpartyAccount).toBe('081211112222');
    expect(page.items.length).toBeGreaterThan(0);
    // Only transfers that paid its sessions: matched, or queued and then matched by an operator.
    expect(
      page.items.every(
        (item: { outcome: string; resolution: string | null }) =>
          item.outcome === 'matched' || item.resolution === 'matched',
      ),
    ).toBe(true);
    expect(page.items.map((item: { paymentSessionId: string }) => item.paymentSessionId)).toContain(paid.id);
    // A late transfer appears to the merchant once an operator matched it to its session, under
    // its outcome too; nothing a merchant sees is awaiting review.
    const late = await paidLate('47000');
    expect((await shop.console.get('/transactions?outcome=paid_late&limit=100')).json().items).not.toContainEqual(
      expect.objectContaining({ id: late.transfer.id }),
    );
    await admin.post(`/transactions/${late.transfer.id}/match`, { paymentSessionId: late.session.id, note: 'Receipt' });
    expect((await shop.console.get('/transactions?outcome=paid_late&limit=100')).json().items).toContainEqual(
      expect.objectContaining({ id: late.transfer.id, resolution: 'matched' }),
    );
    expect((await shop.console.get('/transactions?awaitingReview=true')).json().items).toEqual([]);
    const other = await merchantWithToken(t);
    expect((await other.console.get('/transactions?limit=100')).json().items).toEqual([]);
    const staff = api(t.app, (await signedInUser(t, ROLE.Staff)).headers);
    expect((await staff.get('/transactions')).statusCode).toBe(403);
  });
});
