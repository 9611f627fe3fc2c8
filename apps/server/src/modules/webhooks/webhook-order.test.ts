import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { createSecretBox } from '../../crypto/secret-box';
import { paymentSessions, webhookEvents } from '../../db/schema';
import { eventually } from '../agents/agents.test-support';
import { paymentSessionsOf } from '../payment-sessions/payment-sessions';
import { createWebhookDelivery } from './webhook-delivery';
import { createWebhookFetch } from './webhook-destination';
import { webhookReceiver } from './webhooks.test-support';

type Event = { type: string; sequence: number; data: { id: string } };

/** What the receiver answered, in the order its answers went out, with each event read. */
const arrivedAt = (hook: Awaited<ReturnType<typeof webhookReceiver>>) =>
  hook.answered.map((answer) => ({ event: JSON.parse(answer.body) as Event, status: answer.status }));

/**
 * A receiver may rely on the order of a subject's events: each carries a sequence, and the next
 * event of a subject is not sent before the one before it was delivered (or given up). A delivery
 * that outlived its claim never overwrites what the instance that took the event over recorded.
 */
describe('webhook order and claims', () => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  let client: ReturnType<typeof merchantApi>;
  const open = () =>
    client.post(
      '/v1/payment-sessions',
      { referenceNumber: `ORD-${randomUUID()}`, amount: '20000' },
      { 'idempotency-key': randomUUID() },
    );
  const eventsOf = (sessionId: string) =>
    t.database.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, sessionId));

  /** A merchant whose callback is `url`, and its merchant API client. */
  async function shop(name: string, url: string) {
    const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const created = await admin.post('/merchants', {
      name,
      code: `ORD${randomUUID().slice(0, 8).toUpperCase()}`,
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '1000000',
      allowedMethods: ['dana'],
      callbackUrl: url,
    });
    const owner = await signedInUser(t, ROLE.Merchant, { merchantId: created.json().id });
    return merchantApi(t.app, (await createApiTokenAs(api(t.app, owner.headers))).secret);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '0,0,0', WEBHOOK_TIMEOUT_SECONDS: '2' } });
    hook = await webhookReceiver();
    client = await shop('Order Shop', hook.url);
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
  });

  it("holds a session's next event until the one before it is delivered, and numbers them in order", async () => {
    // The first delivery of `created` fails slowly; meanwhile the session expires.
    hook.script.push({ status: 500, delayMs: 600 });
    const session = (await open()).json();
    await eventually(async () => hook.answered.length > 0 || (await eventsOf(session.id))[0]?.attempts === 0);
    await t.database.db
      .update(paymentSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(paymentSessions.id, session.id));
    await paymentSessionsOf(t.app.ctx).service.sweepDeadlines();
    await eventually(async () => (await eventsOf(session.id)).every((event) => event.status === 'delivered'), 10_000);
    const mine = arrivedAt(hook).filter((a) => a.event.data.id === session.id);
    expect(mine.map((a) => `${a.event.type}:${a.status}`)).toEqual([
      'payment_session.created:500',
      'payment_session.created:204',
      'payment_session.expired:204',
    ]);
    const [created, expired] = [mine[1]?.event, mine[2]?.event];
    expect(Number.isInteger(created?.sequence)).toBe(true);
    expect(expired?.sequence).toBeGreaterThan(created?.sequence ?? Number.POSITIVE_INFINITY);
  });

  it('a delivery whose claim ran out does not overwrite the outcome of the instance that took the event over', async () => {
    // This instance's delivery hangs past its claim: the receiver answers it 500 after 1.5 s.
    hook.script.push({ status: 500, delayMs: 1500 });
    const session = (await open()).json();
    await eventually(async () => (await eventsOf(session.id))[0]?.lockedUntil !== null);
    // Its claim runs out while the request is still open, and another instance takes the event
    // over and delivers it.
    await t.database.db
      .update(webhookEvents)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(webhookEvents.subjectId, session.id));
    const other = createWebhookDelivery({
      db: t.database.db,
      secretBox: createSecretBox(t.app.ctx.config.ENCRYPTION_KEYS),
      logger: t.app.log,
      retryDelaysSeconds: [0, 0, 0],
      timeoutMs: 2000,
      fetch: createWebhookFetch(true),
    });
    await other.kick();
    await eventually(async () => (await eventsOf(session.id))[0]?.status === 'delivered');
    // The first request ends (500) after the event was delivered: it is logged, nothing more.
    await eventually(async () => arrivedAt(hook).filter((a) => a.event.data.id === session.id).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [event] = await eventsOf(session.id);
    expect(event).toMatchObject({ status: 'delivered', lastError: null });
    await other.stop();
  });

  it("delivers another merchant's event while one merchant's receiver is slow to answer", async () => {
    const slowHook = await webhookReceiver();
    try {
      const slowShop = await shop('Slow Shop', slowHook.url);
      slowHook.script.push({ status: 204, delayMs: 1500 });
      const slow = (
        await slowShop.post(
          '/v1/payment-sessions',
          { referenceNumber: `SLOW-${randomUUID()}`, amount: '20000' },
          { 'idempotency-key': randomUUID() },
        )
      ).json();
      // The slow receiver holds its delivery open; then this merchant's session opens.
      await eventually(async () => (await eventsOf(slow.id))[0]?.lockedUntil !== null);
      const session = (await open()).json();
      await eventually(async () => arrivedAt(hook).some((a) => a.event.data.id === session.id), 5_000);
      expect(slowHook.answered, 'the slow receiver has not answered yet').toEqual([]);
      await eventually(async () => slowHook.answered.length === 1, 5_000);
    } finally {
      await slowHook.close();
    }
  });
});
