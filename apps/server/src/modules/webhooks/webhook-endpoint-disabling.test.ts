import { randomUUID } from 'node:crypto';
import { ROLE, WEBHOOK_NOT_SENT } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { merchants } from '../../db/schema';
import { eventually } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { disableFailingEndpoints } from './webhook-endpoint-health';
import { webhookReceiver } from './webhooks.test-support';

describe('an endpoint that keeps failing', () => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  let merchantId: string;
  let ownerEmail: string;
  let owner: ReturnType<typeof api>;
  const endpoint = async () => (await owner.get('/webhook-endpoint')).json();
  const sendTest = async () => (await owner.post('/webhook-events/test')).json() as { id: string };
  const eventOf = async (id: string) => (await owner.get(`/webhook-events/${id}`)).json();
  const disable = (days: number) =>
    disableFailingEndpoints(
      { db: t.database.db, mailer: t.mailer, logger: t.app.log, merchantConsoleUrl: 'http://localhost:3001' },
      days,
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '3600' } });
    hook = await webhookReceiver({ status: 503 });
    const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const created = await admin.post('/merchants', {
      name: 'Flaky Shop',
      code: `FL${randomUUID().slice(0, 8)}`,
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '1000000',
      allowedMethods: ['dana'],
      callbackUrl: hook.url,
    });
    merchantId = created.json().id;
    const session = await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole: 'owner' });
    ownerEmail = session.user.email;
    owner = api(t.app, session.headers);
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
  });

  it('starts its failing clock at the first failed delivery', async () => {
    const sent = await sendTest();
    await eventually(async () => (await eventOf(sent.id)).attempts === 1);
    const { failingSince, disabledAt } = await endpoint();
    expect(Date.parse(failingSince)).toBeGreaterThan(Date.now() - 60_000);
    expect(disabledAt).toBeNull();
    // Two days is not yet three.
    await t.database.db
      .update(merchants)
      .set({ webhookFailingSince: sql`now() - interval '2 days'` })
      .where(eq(merchants.id, merchantId));
    expect(await disable(3)).not.toContain(merchantId);
  });

  it('is disabled after failing for the days set, its owners mailed and the step audited; its events are then kept, not sent', async () => {
    await t.database.db
      .update(merchants)
      .set({ webhookFailingSince: sql`now() - interval '4 days'` })
      .where(eq(merchants.id, merchantId));
    expect(await disable(3)).toEqual([merchantId]);
    expect(await disable(3)).toEqual([]);
    expect((await endpoint()).disabledAt).not.toBeNull();
    const mail = t.mailer.messages.find((message) => message.to === ownerEmail);
    expect(mail?.subject).toBe('[Gerbang] Your webhook endpoint was disabled');
    expect(mail?.text).toContain(hook.url);
    expect(mail?.text).toContain('http://localhost:3001/webhooks');
    const audit = await t.app.ctx.audit.listForTarget('merchant', merchantId);
    expect(audit.find((entry) => entry.action === AUDIT_ACTIONS.webhookEndpointDisabled)).toMatchObject({
      actorUserId: null,
      details: expect.objectContaining({ callbackUrl: hook.url, days: 3 }),
    });

    const hitsBefore = hook.hits();
    const kept = await sendTest();
    expect(await eventOf(kept.id)).toMatchObject({ status: 'skipped', lastError: WEBHOOK_NOT_SENT.disabled });
    expect(hook.hits()).toBe(hitsBefore);
  });

  it('sends again once the URL is set again, and a delivery that gets through stops the clock', async () => {
    hook.answer({ status: 204 });
    const saved = await owner.put('/webhook-endpoint', { callbackUrl: hook.url });
    expect(saved.json()).toMatchObject({ callbackUrl: hook.url, disabledAt: null, failingSince: null });
    const audit = await t.app.ctx.audit.listForTarget('merchant', merchantId);
    expect(audit.find((entry) => entry.action === AUDIT_ACTIONS.merchantUpdated)?.details).toMatchObject({
      webhooks: { from: 'disabled', to: 'sending' },
    });
    const sent = await sendTest();
    await eventually(async () => (await eventOf(sent.id)).status === 'delivered');
    expect((await endpoint()).failingSince).toBeNull();
  });

  it('stops the clock when a success answered slowly ends after a failure that started it', async () => {
    // The first event's delivery is answered 204 after 2 s; meanwhile the second one's fails at
    // once and starts the clock. The success, which ended last, stops it.
    hook.script.push({ status: 204, delayMs: 2000 }, { status: 503 });
    const before = hook.hits();
    const slow = await sendTest();
    await eventually(async () => hook.hits() > before);
    const failed = await sendTest();
    await eventually(async () => (await eventOf(failed.id)).attempts === 1);
    await eventually(async () => (await endpoint()).failingSince !== null);
    expect((await eventOf(slow.id)).status, 'the slow success has not ended yet').not.toBe('delivered');
    await eventually(async () => (await eventOf(slow.id)).status === 'delivered');
    await eventually(async () => (await endpoint()).failingSince === null);
  });
});
