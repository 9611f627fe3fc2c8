import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { merchants, paymentSessions, webhookEvents } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, nextReference, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { TEST_HOLDER_NAME, walletTestApp } from '../wallets/wallets.test-support';
import { fundMerchant } from '../withdrawals/withdrawals.test-support';
import { paidSession as paidSessionOf, SENDER_PHONE } from './refunds.test-support';

describe('refunds: a merchant pays a paid session back to the account that sent it', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let refunder: ReturnType<typeof merchantApi>;
  let admin: ReturnType<typeof api>;
  /** While set, the phone answers every transfer with this failure. */
  let transferFails = false;

  const available = async () => Number((await shop.client.get('/v1/balance')).json().available);
  const refund = (sessionId: string, body: object = {}, key: string = randomUUID()) =>
    refunder.post(`/v1/payment-sessions/${sessionId}/refunds`, body, { 'idempotency-key': key });
  const sessionOf = async (id: string) => (await shop.client.get(`/v1/payment-sessions/${id}`)).json();
  const refundNow = async (sessionId: string, refundId: string) =>
    ((await refunder.get(`/v1/payment-sessions/${sessionId}/refunds`)).json() as { id: string; status: string }[]).find(
      (r) => r.id === refundId,
    );
  const settled = (sessionId: string, refundId: string, status: string) =>
    eventually(async () => ((await refundNow(sessionId, refundId))?.status === status ? true : null));

  const paidSession = (amount: string, sender?: { name: string; account: string }) =>
    paidSessionOf(shop, dana, amount, sender);

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    await t.database.db
      .update(merchants)
      .set({ withdrawalFeeFixedMinor: 1000n })
      .where(eq(merchants.id, shop.merchantId));
    dana = await readyAccount(t, 'dana', (command) =>
      command.type === 'transfer' && transferFails
        ? { ok: false, errorCode: 'destination_invalid', error: 'The destination refused it' }
        : undefined,
    );
    refunder = merchantApi(t.app, (await createApiTokenAs(shop.console, ['refunds:write', 'payments:read'])).secret);
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    // Enough besides the sessions' credits for the refunds' fees.
    await fundMerchant(t, shop.merchantId, dana.account.id, 100_000n);
  });
  afterAll(() => t.close());

  it('refunds part, then the rest, to the paying account, announcing refund.* and holding the fee', async () => {
    const session = await paidSession('150000');
    const before = await available();
    const partKey = randomUUID();
    const part = await refund(session.id, { amount: '50000', reason: 'One item out of stock' }, partKey);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({
      kind: 'refund',
      paymentSessionId: session.id,
      amount: '50000',
      fee: '1000',
      status: 'verifying',
      note: 'One item out of stock',
      referenceNumber: `${session.referenceNumber}#R1`,
      destination: { provider: 'dana', accountNumber: SENDER_PHONE, holderName: TEST_HOLDER_NAME },
    });
    expect(before - (await available())).toBe(51_000);
    expect((await sessionOf(session.id)).refundedAmount).toBe('50000');
    await settled(session.id, part.json().id, 'success');
    const sent = dana.commands.find(
      (c) => c.type === 'transfer' && c.payload.destination.accountNumber === SENDER_PHONE,
    );
    expect(sent).toBeDefined();

    const rest = await refund(session.id);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ amount: '100000', referenceNumber: `${session.referenceNumber}#R2` });
    await settled(session.id, rest.json().id, 'success');
    expect((await sessionOf(session.id)).refundedAmount).toBe('150000');
    expect(before - (await available())).toBe(152_000);

    // A retry of the first request answers with the first refund, though nothing is left now.
    const replay = await refund(session.id, { amount: '50000', reason: 'One item out of stock' }, partKey);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(part.json().id);
    const more = await refund(session.id, { amount: '1' });
    expect(more.statusCode).toBe(422);
    expect(more.json().error).toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT', fields: { 'body.amount': 'At most 0' } });

    const types = await t.database.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.subjectId, part.json().id))
      .orderBy(asc(webhookEvents.createdAt));
    expect(types.map((e) => e.type)).toEqual([
      'refund.verifying',
      'refund.confirmed',
      'refund.processing',
      'refund.succeeded',
    ]);
    const detail = (await shop.console.get(`/payment-sessions/${session.id}`)).json();
    expect(detail.refunds.map((r: { id: string }) => r.id)).toEqual([rest.json().id, part.json().id]);
    expect(detail.journals.map((j: { kind: string }) => j.kind)).toEqual(
      expect.arrayContaining(['deposit', 'withdrawal_hold', 'withdrawal_settle']),
    );
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lets one of two racing refunds through when together they exceed the payment', async () => {
    const session = await paidSession('80000');
    const answers = await Promise.all([
      refund(session.id, { amount: '50000' }),
      refund(session.id, { amount: '50000' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.statusCode === 422)?.json().error.code).toBe('REFUND_EXCEEDS_PAYMENT');
    expect((await sessionOf(session.id)).refundedAmount).toBe('50000');
    const winner = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
    await settled(session.id, winner.id, 'success');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('gives the amount back to the session and the balance when the transfer fails', async () => {
    const session = await paidSession('40000');
    const before = await available();
    transferFails = true;
    try {
      const res = await refund(session.id, { amount: '40000' });
      expect(res.statusCode, res.body).toBe(201);
      await settled(session.id, res.json().id, 'failed');
    } finally {
      transferFails = false;
    }
    expect((await sessionOf(session.id)).refundedAmount).toBe('0');
    expect(await available()).toBe(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('holds a refund whose account names someone else until an operator approves the name', async () => {
    const session = await paidSession('30000', { name: 'BUDI SANTOSO', account: '081211112222' });
    const res = await refund(session.id);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    await settled(session.id, id, 'name_review');
    const held = (await admin.get(`/withdrawal-requests/${id}`)).json();
    expect(held).toMatchObject({
      kind: 'refund',
      destination: { holderName: 'BUDI SANTOSO', verifiedHolderName: TEST_HOLDER_NAME },
    });
    const approved = await admin.post(`/withdrawal-requests/${id}/name-review`, {
      decision: 'approve',
      reason: 'Siti paid from her husband’s account; the shop confirmed by phone',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await settled(session.id, id, 'success');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('sends a refund whose payment named no account through the withdraw page, where the customer names it', async () => {
    const session = await paidSession('26000', { name: TEST_HOLDER_NAME, account: '' });
    const res = await refund(session.id, { amount: '16000' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ status: 'awaiting_destination', destination: { accountNumber: '' } });
    expect(created.withdrawUrl).toMatch(new RegExp(`/withdraw\\?withdrawal=${created.id}$`));
    const page = (path = '') =>
      t.app.inject({ method: path ? 'POST' : 'GET', url: `/public/withdrawals/${created.id}${path}` });
    expect((await page()).json()).toMatchObject({ status: 'awaiting_destination', amount: '16000' });

    const name = (body: object) =>
      t.app.inject({ method: 'POST', url: `/public/withdrawals/${created.id}/destination`, payload: body });
    const wrong = await name({ provider: 'gcash', accountNumber: '12' });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.fields).sort()).toEqual(['body.accountNumber', 'body.provider']);
    // A payer the history names no one for is asked too, though their account is known.
    const nameless = await paidSession('26500', { name: '', account: SENDER_PHONE });
    expect((await refund(nameless.id)).json()).toMatchObject({ status: 'awaiting_destination' });
    // A provider of another currency is refused though the number is well formed.
    const peso = await name({ provider: 'bdo', accountNumber: '8610012345' });
    expect(peso.statusCode).toBe(422);
    expect(Object.keys(peso.json().error.fields)).toEqual(['body.provider']);
    const named = await name({ provider: 'bca', accountNumber: '8610 0123 45' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({
      status: 'verifying',
      destination: { provider: 'bca', accountNumber: '8610012345' },
    });
    expect((await name({ provider: 'bca', accountNumber: '8610012346' })).statusCode).toBe(409);

    // Verified under the payer's name, the customer confirms it, as a customer withdrawal.
    await settled(session.id, created.id, 'awaiting_confirmation');
    expect((await page('/confirm')).statusCode).toBe(200);
    await settled(session.id, created.id, 'success');
    expect((await sessionOf(session.id)).refundedAmount).toBe('16000');

    // Another one the customer cancels: the session's refund and the balance come back.
    const before = await available();
    const second = (await refund(session.id)).json();
    expect(second.amount).toBe('10000');
    expect((await t.app.inject({ method: 'POST', url: `/public/withdrawals/${second.id}/cancel` })).statusCode).toBe(
      200,
    );
    expect((await sessionOf(session.id)).refundedAmount).toBe('16000');
    expect(await available()).toBe(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses what cannot be refunded, naming why, and changes nothing', async () => {
    const unpaid = (await shop.open({ referenceNumber: nextReference(), amount: '25000', method: 'dana' })).json();
    expect((await refund(unpaid.id)).json().error.code).toBe('INVALID_STATE');
    expect((await refund(randomUUID())).statusCode).toBe(404);

    const session = await paidSession('27000');
    const bad = await refund(session.id, { amount: '12.5' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty(['body.amount']);
    expect((await refund(session.id, { amount: '0' })).json().error.fields).toHaveProperty(['body.amount']);

    const reader = merchantApi(t.app, (await createApiTokenAs(shop.console, ['payments:read'])).secret);
    const unscoped = await reader.post(`/v1/payment-sessions/${session.id}/refunds`, {}, { 'idempotency-key': 'k1' });
    expect(unscoped.statusCode).toBe(403);

    // More than the available balance covers (with the fee): nothing held, nothing reserved.
    const big = await paidSession('900000');
    const spend = await available();
    await fundMerchant(t, shop.merchantId, dana.account.id, -BigInt(spend - 800_000));
    const poor = await refund(big.id);
    expect(poor.statusCode).toBe(422);
    expect(poor.json().error.code).toBe('INSUFFICIENT_BALANCE');
    expect((await sessionOf(big.id)).refundedAmount).toBe('0');
    expect((await sessionOf(session.id)).refundedAmount).toBe('0');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('the ledger check catches a session whose reservation disagrees with its refunds', async () => {
    const session = await paidSession('21000');
    const tamper = (minor: bigint) =>
      t.database.db.update(paymentSessions).set({ refundedMinor: minor }).where(eq(paymentSessions.id, session.id));
    await tamper(1000n);
    try {
      expect(await ledgerViolations(t.database.db)).toEqual([
        `payment session ${session.id} reserves 1000 for refunds of 0, having received 21000`,
      ]);
    } finally {
      await tamper(0n);
    }
  });

  it('lets the merchant console refund with an audit entry, and refuses operators', async () => {
    const session = await paidSession('20000');
    const res = await shop.console.post(
      `/payment-sessions/${session.id}/refunds`,
      { amount: '5000', reason: 'Late delivery' },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const audit = await t.app.ctx.audit.listForTarget('withdrawal', res.json().id);
    expect(audit[0]).toMatchObject({ action: AUDIT_ACTIONS.refundRequested });
    const byOperator = await admin.post(`/payment-sessions/${session.id}/refunds`, {}, { 'idempotency-key': 'op' });
    expect(byOperator.statusCode).toBe(403);
    await settled(session.id, res.json().id, 'success');
  });

  it("exports the merchant's refunds as CSV, one line each with its session, and only its own", async () => {
    const res = await shop.console.get('/withdrawal-requests/export?kind=refund');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = res.body.trim().split('\r\n');
    const columns = (header as string).split(',');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
    const listed = (await shop.console.get('/withdrawal-requests?kind=refund&limit=100')).json().items as {
      id: string;
      paymentSessionId: string;
    }[];
    expect(rows.map((r) => r.id)).toEqual(listed.map((w) => w.id));
    expect(rows.every((r) => r.kind === 'refund' && r.paymentSessionId)).toBe(true);
    const other = await merchantWithToken(t);
    const theirs = await other.console.get('/withdrawal-requests/export?kind=refund');
    expect(theirs.body.trim().split('\r\n')).toHaveLength(1);
  });
});
