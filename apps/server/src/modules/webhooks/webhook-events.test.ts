import { randomUUID } from 'node:crypto';
import { ROLE, WEBHOOK_TEST_EVENTS_PER_MINUTE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, freshMinute, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { eventually } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { verifyWebhook } from './webhook-signature';
import { type Received, webhookReceiver } from './webhooks.test-support';

type Item = { id: string; type: string; subjectId: string; status: string; lastStatusCode: number | null };

describe("a merchant's webhooks, self-service", () => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  let secret: string;
  let merchantId: string;
  let owner: ReturnType<typeof api>;
  let client: ReturnType<typeof merchantApi>;
  const list = async (who: ReturnType<typeof api>, query = '') => {
    const res = await who.get(`/webhook-events${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as Item[];
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '0,0', WEBHOOK_TIMEOUT_SECONDS: '2' } });
    hook = await webhookReceiver();
    // The endpoint's maintenance window: the first delivery is refused.
    hook.script.push({ status: 503, body: 'maintenance window' });
    const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const created = await admin.post('/merchants', {
      name: 'Hooks Shop',
      code: `HK${randomUUID().slice(0, 8)}`,
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '1000000',
      allowedMethods: ['dana'],
      callbackUrl: hook.url,
    });
    expect(created.statusCode, created.body).toBe(201);
    secret = created.json().webhookSecret;
    merchantId = created.json().id;
    owner = api(t.app, (await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole: 'owner' })).headers);
    client = merchantApi(t.app, (await createApiTokenAs(owner)).secret);
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
  });

  it('lists every event newest first with how its last attempt ended, and shows one with its body and attempts', async () => {
    const session = (
      await client.post(
        '/v1/payment-sessions',
        { referenceNumber: `HK-${randomUUID()}`, amount: '20000' },
        { 'idempotency-key': randomUUID() },
      )
    ).json();
    await eventually(async () => (await list(owner, `?subjectId=${session.id}`))[0]?.status === 'delivered', 15_000);
    const [created] = await list(owner, `?subjectId=${session.id}`);
    expect(created).toMatchObject({ type: 'payment_session.created', subjectId: session.id, lastStatusCode: 204 });
    const detail = (await owner.get(`/webhook-events/${created?.id}`)).json();
    // The first attempt met the receiver's maintenance window, the second got through.
    expect(detail.deliveries.map((d: { statusCode: number }) => d.statusCode)).toEqual([503, 204]);
    expect(detail.deliveries[0]).toMatchObject({ url: hook.url, error: expect.stringContaining('maintenance window') });
    const sent = hook.received.filter((r) => r.headers['gerbang-event-id'] === created?.id).at(-1) as Received;
    expect(detail.body).toEqual(JSON.parse(sent.body));
    expect(await list(owner, '?type=payment_session.created&status=delivered')).toContainEqual(
      expect.objectContaining({ id: created?.id }),
    );
    expect(await list(owner, '?status=failed')).not.toContainEqual(expect.objectContaining({ id: created?.id }));
  });

  it('sends a signed test event to the endpoint on demand, audited, at most ten a minute', async () => {
    await freshMinute();
    const sent = await owner.post('/webhook-events/test');
    expect(sent.statusCode, sent.body).toBe(201);
    const event = sent.json();
    expect(event).toMatchObject({ type: 'webhook.test', subjectId: event.id, status: 'pending' });
    await eventually(async () => hook.received.some((r) => r.headers['gerbang-event-id'] === event.id));
    const delivery = hook.received.find((r) => r.headers['gerbang-event-id'] === event.id) as Received;
    expect(verifyWebhook(secret, delivery.body, delivery.headers['gerbang-signature'] as string)).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'webhook.test', data: { merchantId } });
    const audit = await t.app.ctx.audit.listForTarget('webhook_event', event.id);
    expect(audit.map((entry) => entry.action)).toEqual([AUDIT_ACTIONS.webhookTestSent]);

    const answers = [];
    for (let i = 1; i < WEBHOOK_TEST_EVENTS_PER_MINUTE + 1; i += 1)
      answers.push(await owner.post('/webhook-events/test'));
    expect(answers.slice(0, -1).every((a) => a.statusCode === 201)).toBe(true);
    const refused = answers.at(-1);
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps a merchant to its own events; finance reads them, developers resend and test; operators name the merchant', async () => {
    const [mine] = await list(owner);
    const other = api(t.app, (await signedInUser(t, ROLE.Merchant, { merchantId: randomUUID() })).headers);
    expect((await other.get(`/webhook-events/${mine?.id}`)).statusCode).toBe(404);
    expect(await list(other, `?merchantId=${merchantId}`)).toEqual([]);
    expect((await other.post(`/webhook-events/${mine?.id}/resend`)).statusCode).toBe(404);

    const finance = api(t.app, (await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole: 'finance' })).headers);
    expect((await list(finance)).map((e) => e.id)).toContain(mine?.id);
    expect((await finance.post(`/webhook-events/${mine?.id}/resend`)).statusCode).toBe(403);
    expect((await finance.post('/webhook-events/test')).statusCode).toBe(403);
    const developer = api(
      t.app,
      (await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole: 'developer' })).headers,
    );
    expect((await developer.post(`/webhook-events/${mine?.id}/resend`)).statusCode).toBe(204);

    const staff = api(t.app, (await signedInUser(t, ROLE.Staff)).headers);
    const unnamed = await staff.get('/webhook-events');
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().error.fields).toHaveProperty(['querystring.merchantId']);
    expect((await list(staff, `?merchantId=${merchantId}`)).map((e) => e.id)).toContain(mine?.id);
    expect((await staff.post('/webhook-events/test')).statusCode).toBe(403);
  });
});
