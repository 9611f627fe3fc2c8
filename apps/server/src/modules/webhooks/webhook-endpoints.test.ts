import { randomUUID } from 'node:crypto';
import { ROLE, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_NOT_SENT } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { webhookEndpoints } from '../../db/schema';
import { eventually } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { memberWithStaleSecondFactor } from '../second-factor/second-factor.test-support';
import { disableFailingEndpoints } from './webhook-endpoint-health';
import { verifyWebhook } from './webhook-signature';
import { type Received, webhookReceiver } from './webhooks.test-support';

type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;

describe("a merchant's further webhook endpoints", () => {
  let t: TestApp;
  let main: Receiver;
  let erp: Receiver;
  let flaky: Receiver;
  let mainSecret: string;
  let merchantId: string;
  let owner: ReturnType<typeof api>;
  let client: ReturnType<typeof merchantApi>;

  const open = async () => {
    const opened = await client.post(
      '/v1/payment-sessions',
      { referenceNumber: `EP-${randomUUID()}`, amount: '20000' },
      { 'idempotency-key': randomUUID() },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    return opened.json().id as string;
  };
  /** What `receiver` was sent about `subjectId`. */
  const about = (receiver: Receiver, subjectId: string) =>
    receiver.received.filter((r) => (JSON.parse(r.body) as { data: { id?: string } }).data.id === subjectId);
  const signedBy = (secret: string, delivery: Received) =>
    verifyWebhook(secret, delivery.body, delivery.headers['gerbang-signature'] as string);
  const events = async (query: string) => (await owner.get(`/webhook-events?${query}`)).json().items as EventItem[];
  type EventItem = { id: string; endpointId: string | null; status: string; attempts: number; lastError: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '3600' } });
    [main, erp, flaky] = await Promise.all([webhookReceiver(), webhookReceiver(), webhookReceiver({ status: 503 })]);
    const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const created = await admin.post('/merchants', {
      name: 'Many Endpoints Shop',
      code: `ME${randomUUID().slice(0, 8)}`,
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '1000000',
      allowedMethods: ['dana'],
      callbackUrl: main.url,
    });
    merchantId = created.json().id;
    mainSecret = created.json().webhookSecret;
    owner = api(t.app, (await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole: 'owner' })).headers);
    client = merchantApi(t.app, (await createApiTokenAs(owner)).secret);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([main.close(), erp.close(), flaky.close()]);
  });

  let erpEndpoint: { id: string; secret: string };

  it('sends each event to the endpoints subscribed to its type, with the same id and body, each signed with its own secret', async () => {
    const added = await owner.post('/webhook-endpoints', {
      url: erp.url,
      eventTypes: ['payment_session.created'],
      description: 'ERP',
    });
    expect(added.statusCode, added.body).toBe(201);
    erpEndpoint = added.json();
    expect(erpEndpoint.secret).toMatch(/^whsec_/);
    const unsubscribed = await owner.post('/webhook-endpoints', {
      url: `${erp.url}/expired-only`,
      eventTypes: ['payment_session.expired'],
    });
    expect(unsubscribed.statusCode).toBe(201);
    // The secret is in the creation's answer only.
    const listed = (await owner.get('/webhook-endpoints')).json().items;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ id: erpEndpoint.id, url: erp.url, description: 'ERP', disabledAt: null });
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const session = await open();
    await eventually(async () => about(main, session).length === 1 && about(erp, session).length === 1);
    const [toMain, toErp] = [about(main, session)[0] as Received, about(erp, session)[0] as Received];
    expect(toErp.body).toBe(toMain.body);
    expect(toErp.headers['gerbang-event-id']).toBe(toMain.headers['gerbang-event-id']);
    expect(signedBy(erpEndpoint.secret, toErp)).toBe(true);
    expect(signedBy(mainSecret, toErp)).toBe(false);
    expect(signedBy(mainSecret, toMain)).toBe(true);
    // Nothing was written for the endpoint that subscribes to expiries only.
    expect(await events(`endpoint=${unsubscribed.json().id}`)).toEqual([]);
    expect(about(erp, session)).toHaveLength(1);
    const rows = await events(`subjectId=${session}`);
    expect(rows.map((row) => row.endpointId).sort()).toEqual([erpEndpoint.id, null].sort());
    expect((await events(`subjectId=${session}&endpoint=main`)).map((row) => row.endpointId)).toEqual([null]);
    expect((await events(`subjectId=${session}&endpoint=${erpEndpoint.id}`)).map((row) => row.endpointId)).toEqual([
      erpEndpoint.id,
    ]);
  });

  it('refuses a URL inside the operator’s network, no event type, a type that does not exist, a finance member, and an eleventh endpoint', async () => {
    const inside = await owner.post('/webhook-endpoints', {
      url: 'http://169.254.169.254/latest/meta-data',
      eventTypes: ['payment_session.created'],
    });
    expect(inside.statusCode).toBe(422);
    expect(inside.json().error.fields).toHaveProperty(['body.url']);
    const none = await owner.post('/webhook-endpoints', { url: erp.url, eventTypes: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.fields).toHaveProperty(['body.eventTypes']);
    const unknown = await owner.post('/webhook-endpoints', { url: erp.url, eventTypes: ['payment_session.paid'] });
    expect(unknown.statusCode).toBe(422);
    const finance = api(t.app, (await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole: 'finance' })).headers);
    expect(
      (await finance.post('/webhook-endpoints', { url: erp.url, eventTypes: ['refund.succeeded'] })).statusCode,
    ).toBe(403);
    expect((await finance.get('/webhook-endpoints')).statusCode).toBe(200);

    const room = WEBHOOK_ENDPOINTS_MAX - (await owner.get('/webhook-endpoints')).json().items.length;
    const extra: string[] = [];
    for (let i = 0; i < room; i += 1) {
      extra.push((await owner.post('/webhook-endpoints', { url: erp.url, eventTypes: ['refund.failed'] })).json().id);
    }
    const over = await owner.post('/webhook-endpoints', { url: erp.url, eventTypes: ['refund.failed'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toContain(String(WEBHOOK_ENDPOINTS_MAX));
    for (const id of extra) expect((await owner.delete(`/webhook-endpoints/${id}`)).statusCode).toBe(204);
  });

  it('keeps a failing endpoint’s deliveries waiting without holding back any other endpoint, and disables it after days', async () => {
    const added = (
      await owner.post('/webhook-endpoints', { url: flaky.url, eventTypes: ['payment_session.created'] })
    ).json();
    const first = await open();
    const second = await open();
    await eventually(async () => about(erp, second).length === 1 && about(main, second).length === 1);
    await eventually(async () => {
      const rows = await events(`endpoint=${added.id}`);
      return rows.length === 2 && rows.every((row) => row.status === 'pending' && row.attempts === 1);
    });
    expect(about(erp, first)).toHaveLength(1);
    const listed = (await owner.get('/webhook-endpoints')).json().items.find((e: { id: string }) => e.id === added.id);
    expect(listed.failingSince).not.toBeNull();
    expect((await owner.get('/webhook-endpoint')).json().failingSince).toBeNull();

    await t.database.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '4 days'` })
      .where(eq(webhookEndpoints.id, added.id));
    const disabled = await disableFailingEndpoints(
      { db: t.database.db, mailer: t.mailer, logger: t.app.log, merchantConsoleUrl: 'http://localhost:3001' },
      3,
    );
    expect(disabled).toEqual([added.id]);
    expect(t.mailer.messages.at(-1)?.text).toContain(flaky.url);
    const audit = await t.app.ctx.audit.listForTarget('webhook_endpoint', added.id);
    expect(audit.map((entry) => entry.action)).toContain(AUDIT_ACTIONS.webhookEndpointDisabled);
    // Saving its URL again sends again.
    flaky.answer({ status: 204 });
    const saved = await owner.patch(`/webhook-endpoints/${added.id}`, { url: flaky.url });
    expect(saved.json()).toMatchObject({ disabledAt: null, failingSince: null });
    const third = await open();
    await eventually(async () => about(flaky, third).length === 1);
    expect((await owner.delete(`/webhook-endpoints/${added.id}`)).statusCode).toBe(204);
  });

  it('sends a test event to one endpoint only, and rotates its secret with the previous one signing beside it for a day', async () => {
    const mainHits = main.hits();
    const testTo = async () => {
      const sent = await owner.post('/webhook-events/test', { endpointId: erpEndpoint.id });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().endpointId).toBe(erpEndpoint.id);
      const eventId = sent.json().body.id as string;
      await eventually(async () => erp.received.some((r) => r.headers['gerbang-event-id'] === eventId));
      return erp.received.find((r) => r.headers['gerbang-event-id'] === eventId) as Received;
    };
    expect(signedBy(erpEndpoint.secret, await testTo())).toBe(true);

    const rotated = await owner.post(`/webhook-endpoints/${erpEndpoint.id}/secret`, {
      previousSecret: 'keep_24_hours',
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const during = await testTo();
    expect(signedBy(rotated.json().secret, during) && signedBy(erpEndpoint.secret, during)).toBe(true);
    const again = await owner.post(`/webhook-endpoints/${erpEndpoint.id}/secret`, { previousSecret: 'keep_24_hours' });
    expect(again.statusCode).toBe(409);
    const cut = (
      await owner.post(`/webhook-endpoints/${erpEndpoint.id}/secret`, { previousSecret: 'expire_now' })
    ).json();
    const after = await testTo();
    expect(signedBy(cut.secret, after)).toBe(true);
    expect(signedBy(rotated.json().secret, after)).toBe(false);
    expect(main.hits()).toBe(mainHits);
    const audit = await t.app.ctx.audit.listForTarget('webhook_endpoint', erpEndpoint.id);
    expect(audit.filter((entry) => entry.action === AUDIT_ACTIONS.webhookEndpointSecretRotated)).toHaveLength(2);
    expect(JSON.stringify(audit.map((entry) => entry.details))).not.toContain('whsec_');
    // Another merchant's endpoint is not found.
    expect((await owner.post('/webhook-events/test', { endpointId: randomUUID() })).statusCode).toBe(404);
  });

  it('asks an enrolled member for a fresh second factor to add an endpoint or send one elsewhere, not to rename it', async () => {
    const stale = api(t.app, (await memberWithStaleSecondFactor(t, merchantId, 'developer')).headers);
    const before = (await owner.get('/webhook-endpoints')).json().items.length;
    const added = await stale.post('/webhook-endpoints', { url: erp.url, eventTypes: ['refund.failed'] });
    expect(added.statusCode).toBe(403);
    expect(added.json().error.code).toBe('STEP_UP_REQUIRED');
    expect((await owner.get('/webhook-endpoints')).json().items).toHaveLength(before);
    const moved = await stale.patch(`/webhook-endpoints/${erpEndpoint.id}`, { url: `${erp.url}/elsewhere` });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().error.code).toBe('STEP_UP_REQUIRED');
    // The same URL with a new description needs none, and leaves the failure clock as it was.
    await t.database.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '1 day'` })
      .where(eq(webhookEndpoints.id, erpEndpoint.id));
    const renamed = await stale.patch(`/webhook-endpoints/${erpEndpoint.id}`, {
      url: erp.url,
      description: 'ERP live',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ url: erp.url, description: 'ERP live' });
    expect(renamed.json().failingSince).not.toBeNull();
  });

  it('stops sending to a removed endpoint, keeps its waiting deliveries as not sent and lists its past ones', async () => {
    erp.answer({ status: 503 });
    const waiting = await open();
    await eventually(async () =>
      (await events(`subjectId=${waiting}&endpoint=${erpEndpoint.id}`)).some((row) => row.attempts === 1),
    );
    expect((await owner.delete(`/webhook-endpoints/${erpEndpoint.id}`)).statusCode).toBe(204);
    const [kept] = await events(`subjectId=${waiting}&endpoint=${erpEndpoint.id}`);
    expect(kept).toMatchObject({ status: 'skipped', lastError: WEBHOOK_NOT_SENT.removed });
    const hits = erp.hits();
    const later = await open();
    await eventually(async () => about(main, later).length === 1);
    expect(erp.hits()).toBe(hits);
    expect((await events(`subjectId=${later}`)).map((row) => row.endpointId)).toEqual([null]);
    expect((await owner.get('/webhook-endpoints')).json().items.map((e: { id: string }) => e.id)).not.toContain(
      erpEndpoint.id,
    );
    expect((await events(`endpoint=${erpEndpoint.id}`)).length).toBeGreaterThan(3);
    expect((await owner.delete(`/webhook-endpoints/${erpEndpoint.id}`)).statusCode).toBe(404);
    const audit = await t.app.ctx.audit.listForTarget('webhook_endpoint', erpEndpoint.id);
    expect(audit.map((entry) => entry.action)).toContain(AUDIT_ACTIONS.webhookEndpointRemoved);
  });
});
