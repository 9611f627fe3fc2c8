import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi, merchantWithUser } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { webhookDeliveries, webhookEvents } from '../../db/schema';
import { eventually } from '../agents/agents.test-support';
import { metricsOf } from '../operations/metrics';
import { verifyWebhook } from './webhook-signature';
import { webhooksOf } from './webhooks';
import { DOWN, type Received, webhookReceiver } from './webhooks.test-support';

describe('webhooks: signed, from an outbox, retried until the receiver takes them', () => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  let secret: string;
  let client: ReturnType<typeof merchantApi>;
  let merchantId: string;
  let admin: ReturnType<typeof api>;
  const open = (amount = '20000') =>
    client.post(
      '/v1/payment-sessions',
      { referenceNumber: `WH-${randomUUID()}`, amount },
      { 'idempotency-key': randomUUID() },
    );
  const eventsOf = (sessionId: string) =>
    t.database.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, sessionId));
  const deliveriesOf = (eventId: string) =>
    t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId))
      .orderBy(asc(webhookDeliveries.id));

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '0,0,0', WEBHOOK_TIMEOUT_SECONDS: '1' } });
    hook = await webhookReceiver();
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const created = await admin.post('/merchants', {
      name: 'Webhook Shop',
      code: `WH${Date.now() % 100000}`,
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '1000000',
      allowedMethods: ['dana'],
      callbackUrl: hook.url,
    });
    expect(created.statusCode, created.body).toBe(201);
    secret = created.json().webhookSecret;
    merchantId = created.json().id;
    const owner = await signedInUser(t, ROLE.Merchant, { merchantId });
    client = merchantApi(t.app, (await createApiTokenAs(api(t.app, owner.headers))).secret);
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
  });

  it('posts each session change as a signed event whose data is the session the API shows', async () => {
    const session = (await open()).json();
    await eventually(async () => hook.received.some((r) => r.body.includes(session.id)));
    const delivery = hook.received.find((r) => r.body.includes(session.id)) as Received;
    expect(verifyWebhook(secret, delivery.body, delivery.headers['gerbang-signature'] as string)).toBe(true);
    expect(verifyWebhook('whsec_wrong', delivery.body, delivery.headers['gerbang-signature'] as string)).toBe(false);
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({ type: 'payment_session.created' });
    expect(event.data).toEqual(session);
    expect(delivery.headers['gerbang-event-id']).toBe(event.id);
    expect(delivery.headers['content-type']).toBe('application/json');
  });

  it('retries through a failing and a silent receiver until it recovers, logging every attempt', async () => {
    hook.script.push(DOWN, 'hang');
    const session = (await open()).json();
    const [event] = await eventsOf(session.id);
    await eventually(async () => (await eventsOf(session.id))[0]?.status === 'delivered', 15_000);
    const attempts = await deliveriesOf(event?.id as string);
    expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, null],
      [3, 204],
    ]);
    expect(attempts[0]?.error).toContain('receiver is down');
    expect(attempts[1]?.error).toContain('No answer within 1000 ms');
    const ids = hook.received.filter((r) => r.body.includes(session.id)).map((r) => r.headers['gerbang-event-id']);
    expect(new Set(ids)).toEqual(new Set([event?.id]));
  });

  it('sends nothing for a merchant without a callback URL: its events are kept as skipped', async () => {
    const quiet = await merchantWithUser(t);
    const quietClient = merchantApi(t.app, (await createApiTokenAs(quiet.console)).secret);
    const before = hook.received.length;
    const session = (
      await quietClient.post(
        '/v1/payment-sessions',
        { referenceNumber: `WH-${randomUUID()}`, amount: '20000' },
        { 'idempotency-key': randomUUID() },
      )
    ).json();
    const [event] = await eventsOf(session.id);
    expect(event).toMatchObject({ type: 'payment_session.created', status: 'skipped' });
    await webhooksOf(t.app.ctx).kick();
    expect(hook.received.length).toBe(before);
  });

  it('fails an event after its last retry, and delivers it when a person resends it', async () => {
    hook.script.push(DOWN, DOWN, DOWN, DOWN);
    const session = (await open()).json();
    await eventually(async () => (await eventsOf(session.id))[0]?.status === 'failed', 15_000);
    const [event] = await eventsOf(session.id);
    expect(event?.attempts).toBe(4);
    expect((await admin.post(`/webhook-events/${event?.id}/resend`)).statusCode).toBe(204);
    await eventually(async () => (await eventsOf(session.id))[0]?.status === 'delivered');
  });

  it('counts every attempt by its outcome in the Prometheus metrics', async () => {
    const counted = async (outcome: string) =>
      Number(
        new RegExp(`gerbang_webhook_delivery_attempts_total\\{outcome="${outcome}"\\} (\\d+)`).exec(
          (await metricsOf(t.app.ctx).scrape()).body,
        )?.[1] ?? 0,
      );
    const attempts = await t.database.db.select().from(webhookDeliveries);
    // This file's one event that ran out of retries, and every other attempt as it ended.
    expect(await counted('failed')).toBe(1);
    expect((await counted('delivered')) + (await counted('retry_scheduled')) + 1).toBe(attempts.length);
    expect(await counted('retry_scheduled')).toBeGreaterThanOrEqual(5);
  });
});
