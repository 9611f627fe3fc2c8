import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { teamApprovals, users, withdrawals } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { paidSession } from '../refunds/refunds.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { fundMerchant, verifiedPayoutMethod } from '../withdrawals/withdrawals.test-support';
import { teamApprovalsOf } from './team-approvals';
import { resumeApproved } from './team-approvals-resume';

describe('owner approval of money out a team member asks for', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let finance: ReturnType<typeof api>;
  let financeId: string;
  let methodId: string;
  const available = async () => Number((await shop.client.get('/v1/balance')).json().available);
  const settle = (who: ReturnType<typeof api>, amount: string) =>
    who.post('/withdrawal-requests', { payoutMethodId: methodId, amount, requestId: randomUUID() });

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    dana = await readyAccount(t, 'dana');
    await fundMerchant(t, shop.merchantId, dana.account.id, 1_000_000n);
    methodId = (await verifiedPayoutMethod(shop.console)).id;
    const member = await signedInUser(t, ROLE.Merchant, { merchantId: shop.merchantId, merchantRole: 'finance' });
    finance = api(t.app, member.headers);
    financeId = member.user.id;
    const policy = await t.app.inject({
      method: 'PUT',
      url: '/team/policy',
      headers: shop.sessionHeaders,
      payload: { secondFactorRequired: false, approvalAbove: '100000' },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json()).toEqual({ secondFactorRequired: false, approvalAbove: '100000' });
  });
  afterAll(() => t.close());

  it('keeps a settlement a finance member asks for above the amount until the owner approves it, then makes it once', async () => {
    const before = await available();
    const asked = await settle(finance, '150000');
    expect(asked.statusCode, asked.body).toBe(202);
    const approval = asked.json();
    expect(approval).toMatchObject({
      kind: 'settlement',
      status: 'pending',
      amount: '150000',
      payoutMethodId: methodId,
      requestedBy: { id: financeId },
      withdrawalId: null,
    });
    // Nothing is held while it waits; below the amount, and the owner's own, are made at once.
    expect(await available()).toBe(before);
    expect((await settle(finance, '50000')).statusCode).toBe(201);
    expect((await settle(shop.console, '150000')).statusCode).toBe(201);

    // The owner is told by mail, with the page to decide on.
    const told = t.mailer.messages.filter((m) => m.to === shop.user.email).at(-1);
    expect(told?.subject).toBe('[Gerbang] A withdrawal waits for your approval');
    expect(told?.text).toContain('IDR 150000');
    expect(told?.text).toMatch(/\/team$/m);

    const listed = (await shop.console.get('/team/approvals')).json().items;
    expect(listed[0]).toMatchObject({ id: approval.id, status: 'pending' });
    expect((await finance.get('/team/approvals')).statusCode).toBe(403);
    expect((await finance.post(`/team/approvals/${approval.id}/approve`)).statusCode).toBe(403);

    const approved = await shop.console.post(`/team/approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedByUserId: shop.user.id });
    const [made] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, approved.json().withdrawalId as string));
    // Made as the member asked: the operator's maker-checker sees the member as its maker.
    expect(made).toMatchObject({ kind: 'settlement', status: 'pending_approval', createdByUserId: financeId });
    expect(made?.amountMinor).toBe(150_000n);
    const again = await shop.console.post(`/team/approvals/${approval.id}/approve`);
    expect(again.statusCode).toBe(409);
    const audit = await t.app.ctx.audit.listForTarget('team_approval', approval.id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(
      [AUDIT_ACTIONS.teamApprovalApproved, AUDIT_ACTIONS.teamApprovalRequested].sort(),
    );
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lets the owner reject a refund a finance member asked for, with a reason, and nothing moves', async () => {
    const session = await paidSession(shop, dana, '180000');
    const asked = await finance.post(
      `/payment-sessions/${session.id}/refunds`,
      { reason: 'Customer changed mind' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ kind: 'refund', amount: '180000', paymentSessionId: session.id });
    const id = asked.json().id;
    // The same request again (a double submit, a retry) is the same request.
    const key = randomUUID();
    const once = await finance.post(
      `/payment-sessions/${session.id}/refunds`,
      { amount: '170000' },
      { 'idempotency-key': key },
    );
    const twice = await finance.post(
      `/payment-sessions/${session.id}/refunds`,
      { amount: '170000' },
      { 'idempotency-key': key },
    );
    expect(twice.json().id).toBe(once.json().id);
    const rejected = await shop.console.post(`/team/approvals/${id}/reject`, { reason: 'Ask the customer first' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Ask the customer first' });
    const memberTold = t.mailer.messages.filter((m) => m.subject === '[Gerbang] Your refund was rejected').at(-1);
    expect(memberTold?.text).toContain('Reason: Ask the customer first');
    expect((await shop.console.post(`/team/approvals/${id}/approve`)).statusCode).toBe(409);
    expect((await shop.client.get(`/v1/payment-sessions/${session.id}`)).json().refundedAmount).toBe('0');

    // The member reads their own requests and the owner's answer; a viewer may not ask, nor list.
    const mine = (await finance.get('/team/approvals/mine')).json().items as { id: string; status: string }[];
    expect(mine.find((request) => request.id === id)).toMatchObject({ status: 'rejected' });
    const othersOnly = (await shop.console.get('/team/approvals/mine')).json().items as { id: string }[];
    expect(othersOnly.map((request) => request.id)).not.toContain(id);
    const viewer = await signedInUser(t, ROLE.Merchant, { merchantId: shop.merchantId, merchantRole: 'viewer' });
    expect((await api(t.app, viewer.headers).get('/team/approvals/mine')).statusCode).toBe(403);
  });

  it('one of an approval and a rejection racing wins; a request the balance no longer covers waits again', async () => {
    const racing = (await settle(finance, '120000')).json();
    const [approve, reject] = await Promise.all([
      shop.console.post(`/team/approvals/${racing.id}/approve`),
      shop.console.post(`/team/approvals/${racing.id}/reject`, { reason: 'No' }),
    ]);
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);

    const large = (await settle(finance, '5000000')).json();
    const refused = await shop.console.post(`/team/approvals/${large.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('INSUFFICIENT_BALANCE');
    const now = (await shop.console.get('/team/approvals')).json().items.find((a: { id: string }) => a.id === large.id);
    expect(now).toMatchObject({ status: 'pending', decidedByUserId: null });

    // Approved, then the instance died before making it: approving again makes it, once.
    const stranded = (await settle(finance, '110000')).json();
    await t.database.db.update(teamApprovals).set({ status: 'approved' }).where(eq(teamApprovals.id, stranded.id));
    const remade = await shop.console.post(`/team/approvals/${stranded.id}/approve`);
    expect(remade.statusCode, remade.body).toBe(200);
    expect(remade.json().withdrawalId).toEqual(expect.any(String));
    expect((await shop.console.post(`/team/approvals/${stranded.id}/approve`)).statusCode).toBe(409);
    // Made, then cut short before it was recorded: approving again records the same one, never a second.
    await t.database.db.update(teamApprovals).set({ withdrawalId: null }).where(eq(teamApprovals.id, stranded.id));
    const recorded = await shop.console.post(`/team/approvals/${stranded.id}/approve`);
    expect(recorded.json().withdrawalId).toBe(remade.json().withdrawalId);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('makes, once and as its owner, an approval whose making an instance that died never finished; one the balance no longer covers waits again', async () => {
    const strand = async (amount: string) => {
      const id = (await settle(finance, amount)).json().id as string;
      // Decided five minutes ago by the owner, from their address; nothing made.
      await t.database.db
        .update(teamApprovals)
        .set({
          status: 'approved',
          decidedByUserId: shop.user.id,
          decidedAt: sql`now() - interval '5 minutes'`,
          decidedIp: '203.0.113.5',
        })
        .where(eq(teamApprovals.id, id));
      return id;
    };
    const stranded = await strand('130000');
    const tooLarge = await strand('9000000');
    const sweep = () =>
      resumeApproved({ db: t.database.db, approvals: teamApprovalsOf(t.app.ctx), logger: t.app.log }, 120);
    // The app's own scheduled job may be the one that makes it (it runs every minute here too).
    await sweep();
    const listed = await eventually(async () => {
      const items = (await shop.console.get('/team/approvals')).json().items as {
        id: string;
        status: string;
        withdrawalId: string | null;
      }[];
      return items.find((a) => a.id === stranded)?.withdrawalId ? items : null;
    });
    expect(await sweep()).toBe(0);
    const made = listed.find((a) => a.id === stranded);
    expect(made).toMatchObject({ status: 'approved', withdrawalId: expect.any(String) });
    const rows = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, made?.withdrawalId as string));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ createdByUserId: financeId, amountMinor: 130_000n });
    const audit = await t.app.ctx.audit.listForTarget('team_approval', stranded);
    expect(audit.find((entry) => entry.action === AUDIT_ACTIONS.teamApprovalApproved)).toMatchObject({
      actorUserId: shop.user.id,
      ip: '203.0.113.5',
    });
    expect(listed.find((a) => a.id === tooLarge)).toMatchObject({ status: 'pending', withdrawalId: null });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('puts back to pending, without making it, a stranded approval whose owner was disabled or made a viewer since', async () => {
    const sweep = () =>
      resumeApproved({ db: t.database.db, approvals: teamApprovalsOf(t.app.ctx), logger: t.app.log }, 120);
    const strandBy = async (ownerId: string) => {
      const id = (await settle(finance, '120000')).json().id as string;
      await t.database.db
        .update(teamApprovals)
        .set({
          status: 'approved',
          decidedByUserId: ownerId,
          decidedAt: sql`now() - interval '5 minutes'`,
          decidedIp: '203.0.113.9',
        })
        .where(eq(teamApprovals.id, id));
      return id;
    };
    const disabledOwner = await signedInUser(t, ROLE.Merchant, { merchantId: shop.merchantId, merchantRole: 'owner' });
    const demotedOwner = await signedInUser(t, ROLE.Merchant, { merchantId: shop.merchantId, merchantRole: 'owner' });
    // Lost the right first (the app's own sweep may run at any moment after the stranding).
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabledOwner.user.id));
    await t.database.db.update(users).set({ merchantRole: 'viewer' }).where(eq(users.id, demotedOwner.user.id));
    const byDisabled = await strandBy(disabledOwner.user.id);
    const byDemoted = await strandBy(demotedOwner.user.id);
    const before = await available();
    await sweep();
    const items = (await shop.console.get('/team/approvals')).json().items as { id: string }[];
    for (const id of [byDisabled, byDemoted])
      expect(items.find((a) => a.id === id)).toMatchObject({
        status: 'pending',
        withdrawalId: null,
        decidedByUserId: null,
      });
    expect(await available()).toBe(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
