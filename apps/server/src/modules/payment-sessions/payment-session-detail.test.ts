import type { PaymentSessionDetail } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { paymentSessions, webhookEvents } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { walletTestApp } from '../wallets/wallets.test-support';
import { customerPays, merchantWithToken, nextReference, readyAccount } from './payment-sessions.test-support';

describe("a session's detail and the consoles' session list", () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let other: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let admin: ReturnType<typeof api>;
  let paid: { id: string; referenceNumber: string };

  const detailAs = async (client: ReturnType<typeof api>, id: string) => client.get(`/payment-sessions/${id}`);
  const listAs = async (client: ReturnType<typeof api>, query: string) => {
    const res = await client.get(`/payment-sessions?limit=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { id: string; merchantId: string }[]).map((item) => item.id);
  };

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    other = await merchantWithToken(t);
    dana = await readyAccount(t, 'dana');
    admin = api(t.app, t.admin.headers as { authorization: string });
    const session = (
      await shop.open({ referenceNumber: `DETAIL-${nextReference()}`, amount: '52000', method: 'dana' })
    ).json();
    await customerPays(dana.phone, dana.account.id, [session.finalAmount]);
    await eventually(
      async () => (await shop.client.get(`/v1/payment-sessions/${session.id}`)).json().status === 'success',
    );
    paid = session;
  });
  afterAll(() => t.close());

  it('shows a paid session with every step, the webhook events it announced and its balanced deposit journal', async () => {
    const res = await detailAs(admin, paid.id);
    expect(res.statusCode, res.body).toBe(200);
    const detail: PaymentSessionDetail = res.json();
    expect(detail.session).toMatchObject({ id: paid.id, status: 'success', merchantId: shop.merchantId });
    expect(detail.receivingAccount?.accountNumber).toBe(dana.account.accountNumber);
    expect(detail.timeline.map((step) => step.toStatus)).toEqual(['created', 'awaiting_payment', 'success']);
    expect(detail.webhooks.map((event) => event.type)).toEqual([
      'payment_session.created',
      'payment_session.awaiting_payment',
      'payment_session.succeeded',
    ]);
    const [journal] = detail.journals;
    expect(detail.journals).toHaveLength(1);
    expect(journal?.kind).toBe('deposit');
    expect(journal?.entries.reduce((sum, entry) => sum + Number(entry.amount), 0)).toBe(0);
    // The test merchant charges no fee: the account's cash against the merchant's balance.
    expect(journal?.entries).toEqual([
      { account: 'wallet_cash', amount: '52000' },
      { account: 'merchant_available', amount: '-52000' },
    ]);
  });

  it("shows a merchant its own session's detail, and another merchant's as not found", async () => {
    expect((await detailAs(shop.console, paid.id)).statusCode).toBe(200);
    const res = await detailAs(other.console, paid.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it("filters by merchant, method, account, reference prefix and creation time; a merchant's list holds only its own", async () => {
    const unpaid = (await other.open({ referenceNumber: `OTHER-${nextReference()}`, amount: '30000' })).json();
    expect(await listAs(admin, `merchantId=${shop.merchantId}`)).toEqual([paid.id]);
    expect(await listAs(admin, 'method=dana')).toContain(paid.id);
    expect(await listAs(admin, 'method=dana')).not.toContain(unpaid.id);
    expect(await listAs(admin, `walletAccountId=${dana.account.id}`)).toEqual([paid.id]);
    expect(await listAs(admin, 'search=DETAIL-')).toEqual([paid.id]);
    // LIKE's wildcards are plain characters in a search.
    expect(await listAs(admin, 'search=%25')).toEqual([]);
    const [created] = await t.database.db
      .select({ at: paymentSessions.createdAt })
      .from(paymentSessions)
      .where(eq(paymentSessions.id, paid.id));
    const at = created?.at as Date;
    const around = (from: number, to: number) =>
      `createdFrom=${new Date(at.getTime() + from).toISOString()}&createdTo=${new Date(at.getTime() + to).toISOString()}`;
    expect(await listAs(admin, around(0, 1))).toContain(paid.id);
    expect(await listAs(admin, around(1, 60_000))).not.toContain(paid.id);
    // The merchant's console: its own sessions, whatever merchant it names.
    expect(await listAs(other.console, `merchantId=${shop.merchantId}`)).toEqual([unpaid.id]);
  });

  it('refuses a time range that ends before it starts, naming the field', async () => {
    const res = await admin.get('/payment-sessions?createdFrom=2026-11-02T00:00:00Z&createdTo=2026-11-01T00:00:00Z');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('querystring.createdTo');
  });

  it('resends a webhook event when a person asks (audited), not while it is being delivered, and never another merchant’s', async () => {
    const [event] = (await detailAs(admin, paid.id)).json().webhooks;
    expect((await other.console.post(`/webhook-events/${event.id}/resend`)).statusCode).toBe(404);

    await t.database.db
      .update(webhookEvents)
      .set({ status: 'pending', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(webhookEvents.id, event.id));
    const busy = await shop.console.post(`/webhook-events/${event.id}/resend`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('INVALID_STATE');

    await t.database.db
      .update(webhookEvents)
      .set({ lockedUntil: null, status: 'failed' })
      .where(eq(webhookEvents.id, event.id));
    expect((await shop.console.post(`/webhook-events/${event.id}/resend`)).statusCode).toBe(204);
    const audit = await t.app.ctx.audit.listForTarget('webhook_event', event.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: AUDIT_ACTIONS.webhookResent, actorUserId: shop.user.id });
    // The merchant has no callback URL: the resent event is looked at again and skipped.
    await eventually(async () => {
      const [row] = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
      return row?.status === 'skipped';
    });
  });
});
