import { PAYMENT_CLAIM_EXPORT_COLUMNS } from '@gerbang/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithUser } from '../../../test/helpers/merchant-api';
import type { api } from '../../../test/helpers/test-api';
import { auditLog, paymentClaims, paymentSessions, webhookEvents } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { alertsOf } from '../alerts/alerts';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { paymentSessionsOf } from '../payment-sessions/payment-sessions';
import {
  customerPays,
  type merchantWithToken,
  nextReference,
  queuedTransfer,
  type readyAccount,
} from '../payment-sessions/payment-sessions.test-support';
import { reviewDeskWorld } from '../payment-sessions/review-desk.test-support';

/** The smallest valid PNG (1×1, transparent). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
type CustomerClaim = {
  id: string;
  status: string;
  message: string | null;
  amount: string;
  hasProof: boolean;
  resolvedAt: string | null;
};

/**
 * "I paid but it is not confirmed": a customer files a claim on the deposit page; it waits on the
 * exceptions desk with its proof, and ends when the session is paid, when an operator credits a
 * transfer under the session's reference, or rejected with a message the customer reads.
 */
describe('customer claims', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let admin: ReturnType<typeof api>;

  const fileClaim = (sessionId: string, body: object, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: `/public/deposits/${sessionId}/claims`, payload: body, remoteAddress: ip });
  const claimsSeen = async (sessionId: string) =>
    (await t.app.inject({ method: 'GET', url: `/public/deposits/${sessionId}/claims` })).json() as CustomerClaim[];
  const claimBody = (overrides: object = {}) => ({
    senderName: 'Lina Marlina',
    sentAt: new Date().toISOString(),
    amount: '245500',
    ...overrides,
  });
  const webhookTypes = async (claimId: string) =>
    (
      await t.database.db
        .select({ type: webhookEvents.type })
        .from(webhookEvents)
        .where(eq(webhookEvents.subjectId, claimId))
        .orderBy(webhookEvents.sequence)
    ).map((row) => row.type);

  /**
   * A session waiting for the customer's money. (While the phone reads its history after an 'I
   * Have Transferred' it is busy and takes no new session: the test waits for it, as a customer would
   * choose the method again.)
   */
  const openSession = (amount: string) =>
    eventually(async () => {
      const session = (await shop.open({ referenceNumber: nextReference(), amount, method: 'dana' })).json();
      return session.status === 'awaiting_payment'
        ? (session as { id: string; finalAmount: string; referenceNumber: string })
        : null;
    });
  /** A session whose customer pressed 'I Have Transferred': processing. */
  async function processingSession(amount = '245000', opened?: Awaited<ReturnType<typeof openSession>>) {
    const session = opened ?? (await openSession(amount));
    const marked = await t.app.inject({ method: 'POST', url: `/public/deposits/${session.id}/transferred` });
    expect(marked.json().status, marked.body).toBe('processing');
    return session as { id: string; finalAmount: string; referenceNumber: string };
  }
  async function expiredSession(amount = '245000') {
    const session = await openSession(amount);
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() - interval '10 minutes'` })
      .where(eq(paymentSessions.id, session.id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    return session as { id: string; finalAmount: string; referenceNumber: string };
  }

  beforeAll(async () => {
    const world = await reviewDeskWorld({ admins: 1 });
    ({ t, shop, dana } = world);
    admin = world.admins[0] as ReturnType<typeof api>;
  });
  afterAll(() => t.close());

  it('files a claim with a proof image, shows it to operators and the merchant, and ends it matched when the transfer is found', async () => {
    const session = await processingSession();
    const filed = await fileClaim(session.id, claimBody({ proof: PNG.toString('base64') }));
    expect(filed.statusCode, filed.body).toBe(201);
    const [claim] = filed.json() as CustomerClaim[];
    expect(claim).toMatchObject({ status: 'open', amount: '245500', hasProof: true, message: null });

    const queue = (await admin.get('/payment-claims?status=open')).json().items;
    expect(queue).toContainEqual(
      expect.objectContaining({
        id: claim?.id,
        paymentSessionId: session.id,
        referenceNumber: session.referenceNumber,
      }),
    );
    const proof = await admin.get(`/payment-claims/${claim?.id}/proof`);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.headers['x-content-type-options']).toBe('nosniff');
    expect(proof.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.from(proof.rawPayload).equals(PNG)).toBe(true);
    const detail = (await shop.console.get(`/payment-sessions/${session.id}`)).json();
    expect(detail.claims.map((c: { id: string }) => c.id)).toEqual([claim?.id]);
    // Another merchant sees neither the claim nor its proof.
    const other = await merchantWithUser(t);
    expect((await other.console.get('/payment-claims')).json().items).toEqual([]);
    expect((await other.console.get(`/payment-claims/${claim?.id}/proof`)).statusCode).toBe(404);

    await customerPays(dana.phone, dana.account.id, [session.finalAmount]);
    const [ended] = await eventually(async () => {
      const seen = await claimsSeen(session.id);
      return seen[0]?.status === 'matched' ? seen : null;
    });
    expect(ended?.resolvedAt).not.toBeNull();
    expect(await webhookTypes(claim?.id as string)).toEqual(['payment_claim.opened', 'payment_claim.matched']);
  });

  it('lets an operator reject a claim with a message the customer reads, once, and the customer file again', async () => {
    const session = await expiredSession();
    const [claim] = (await fileClaim(session.id, claimBody())).json() as CustomerClaim[];
    const rejected = await admin.post(`/payment-claims/${claim?.id}/reject`, {
      message: 'No transfer of this amount arrived. Send your bank receipt to the shop.',
    });
    expect(rejected.statusCode, rejected.body).toBe(204);
    expect((await claimsSeen(session.id))[0]).toMatchObject({
      status: 'rejected',
      message: 'No transfer of this amount arrived. Send your bank receipt to the shop.',
    });
    expect((await admin.post(`/payment-claims/${claim?.id}/reject`, { message: 'Again' })).statusCode).toBe(409);
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'payment_claim'), eq(auditLog.targetId, claim?.id as string)));
    expect(audited).toEqual([{ action: 'payment_claim.rejected' }]);
    expect(await webhookTypes(claim?.id as string)).toEqual(['payment_claim.opened', 'payment_claim.rejected']);
    // A merchant user may read claims but not decide them.
    expect((await shop.console.post(`/payment-claims/${claim?.id}/reject`, { message: 'x' })).statusCode).toBe(403);

    // Rejected, the customer may claim again: one open at a time, three in all.
    expect((await fileClaim(session.id, claimBody())).statusCode).toBe(201);
    const twice = await fileClaim(session.id, claimBody());
    expect(twice.statusCode).toBe(409);
    const [second] = await claimsSeen(session.id);
    await admin.post(`/payment-claims/${second?.id}/reject`, { message: 'Still nothing' });
    expect((await fileClaim(session.id, claimBody())).statusCode).toBe(201);
    const [third] = await claimsSeen(session.id);
    await admin.post(`/payment-claims/${third?.id}/reject`, { message: 'Still nothing' });
    const fourth = await fileClaim(session.id, claimBody());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('RATE_LIMITED');
  });

  it('ends a claim credited when an operator credits a transfer under its session’s reference', async () => {
    const session = await expiredSession('300000');
    const [claim] = (await fileClaim(session.id, claimBody({ amount: '310000' }))).json() as CustomerClaim[];
    const transfer = await queuedTransfer(dana.phone, dana.account.id, admin, '310000', 'LINA MARLINA');
    const credited = await admin.post(`/transactions/${transfer.id}/credit`, {
      merchantId: shop.merchantId,
      reference: session.referenceNumber,
      note: 'The customer sent 10,000 more than asked after the time limit',
    });
    expect(credited.statusCode, credited.body).toBe(204);
    expect((await claimsSeen(session.id))[0]).toMatchObject({ id: claim?.id, status: 'credited' });
    const [row] = await t.database.db
      .select()
      .from(paymentClaims)
      .where(eq(paymentClaims.id, claim?.id as string));
    expect(row?.walletTransactionId).toBe(transfer.id);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses what is not a claim, naming the field, and stores nothing', async () => {
    const session = await processingSession('150000');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const cases: [object, string][] = [
      [claimBody({ proof: svg.toString('base64') }), 'body.proof'],
      [claimBody({ proof: 'not base64!' }), 'body.proof'],
      [claimBody({ proof: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]).toString('base64') }), 'body.proof'],
      [claimBody({ amount: '12.5.0' }), 'body.amount'],
      [claimBody({ sentAt: new Date(Date.now() + 3_600_000).toISOString() }), 'body.sentAt'],
      [claimBody({ senderName: '' }), 'body.senderName'],
    ];
    for (const [body, field] of cases) {
      const res = await fileClaim(session.id, body);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().error.fields ?? {}), field).toContain(field);
    }
    const waiting = (await shop.open({ referenceNumber: nextReference(), amount: '50000', method: 'dana' })).json();
    expect((await fileClaim(waiting.id, claimBody())).statusCode).toBe(409);
    expect((await fileClaim('00000000-0000-4000-8000-000000000000', claimBody())).statusCode).toBe(404);
    const stored = await t.database.db
      .select({ id: paymentClaims.id })
      .from(paymentClaims)
      .where(eq(paymentClaims.paymentSessionId, session.id));
    expect(stored).toEqual([]);
  });

  it('limits claims from one address to ten an hour', async () => {
    const ip = '198.51.100.23';
    const [first, second] = [await openSession('120000'), await openSession('130000')];
    const earlier = await processingSession('120000', first);
    // Ten claims this address filed in the last hour (ended, so none is open).
    await t.database.db.insert(paymentClaims).values(
      Array.from({ length: 10 }, () => ({
        paymentSessionId: earlier.id,
        merchantId: shop.merchantId,
        status: 'rejected' as const,
        senderName: 'Someone',
        sentAt: new Date(),
        currency: 'IDR' as const,
        amountMinor: 120_000n,
        ip,
      })),
    );
    const session = await processingSession('130000', second);
    const limited = await fileClaim(session.id, claimBody(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect((await fileClaim(session.id, claimBody(), '198.51.100.24')).statusCode).toBe(201);
  });

  it('counts every attempt of an address, refused ones too, before reading its body', async () => {
    const session = await processingSession('140000');
    const ip = '198.51.100.77';
    for (let i = 0; i < 20; i += 1) {
      expect((await fileClaim(session.id, claimBody({ amount: 'not an amount' }), ip)).statusCode).toBe(422);
    }
    const limited = await fileClaim(session.id, claimBody(), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await claimsSeen(session.id)).toEqual([]);
  });

  it('keeps one open claim per session when two are filed at the same moment', async () => {
    const session = await processingSession('175000');
    const answers = await Promise.all([fileClaim(session.id, claimBody()), fileClaim(session.id, claimBody())]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await claimsSeen(session.id)).toHaveLength(1);
  });

  it('never leaves a claim open on a session paid at the moment it was filed', async () => {
    // The claim and the payment race for the session: whichever comes second must see the first
    // (the claim refused as the session is paid, or the payment ending the claim matched).
    for (const [round, amount] of ['181000', '182000', '183000', '184000'].entries()) {
      const session = await processingSession(amount);
      const [filed] = await Promise.all([
        fileClaim(session.id, claimBody({ amount }), `198.51.100.${round + 1}`),
        customerPays(dana.phone, dana.account.id, [session.finalAmount]),
      ]);
      expect([201, 409], filed.body).toContain(filed.statusCode);
      await eventually(
        async () => (await shop.client.get(`/v1/payment-sessions/${session.id}`)).json().status === 'success',
      );
      const claims = await claimsSeen(session.id);
      expect(claims.filter((claim) => claim.status === 'open')).toEqual([]);
      if (filed.statusCode === 201) expect(claims.map((claim) => claim.status)).toEqual(['matched']);
    }
  });

  it('exports the claims as CSV, a formula in a customer’s words made harmless, a merchant’s own only', async () => {
    const session = await processingSession('185000');
    await fileClaim(session.id, claimBody({ senderName: '=HYPERLINK("http://evil")' }));
    const res = await admin.get('/payment-claims/export?status=open');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = res.body.trim().split('\r\n');
    expect(header).toBe(PAYMENT_CLAIM_EXPORT_COLUMNS.join(','));
    const line = lines.find((l: string) => l.includes(session.referenceNumber)) as string;
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const other = await merchantWithUser(t);
    expect((await other.console.get('/payment-claims/export')).body.trim().split('\r\n')).toHaveLength(1);
  });

  it('opens a "waiting" alert when a claim has waited longer than the rule says, resolved once it is decided', async () => {
    await admin.put('/alert-rules/transfers_waiting', { enabled: true, thresholdMinutes: 30 });
    const session = await expiredSession('195000');
    const [claim] = (await fileClaim(session.id, claimBody(), '203.0.113.99')).json() as CustomerClaim[];
    // Every other open claim of this file is decided first: the queue's oldest is this one.
    for (const open of (await admin.get('/payment-claims?status=open')).json().items as { id: string }[]) {
      if (open.id !== claim?.id) await admin.post(`/payment-claims/${open.id}/reject`, { message: 'Tidy up' });
    }
    const evaluate = () => alertsOf(t.app.ctx).service.evaluate();
    await evaluate();
    const claimAlert = async (state = 'active') =>
      ((await admin.get(`/alerts?state=${state}`)).json().items as { subjectId: string; status: string }[]).find(
        (alert) => alert.subjectId === 'payment_claims',
      );
    expect((await claimAlert())?.status ?? 'none').not.toBe('open');
    await t.database.db
      .update(paymentClaims)
      .set({ createdAt: sql`now() - interval '40 minutes'` })
      .where(eq(paymentClaims.id, claim?.id as string));
    await evaluate();
    expect(await claimAlert()).toMatchObject({ status: 'open' });
    await admin.post(`/payment-claims/${claim?.id}/reject`, { message: 'No such transfer' });
    await evaluate();
    expect(await claimAlert()).toBeUndefined();
    expect(await claimAlert('resolved')).toMatchObject({ status: 'resolved' });
  });
});
