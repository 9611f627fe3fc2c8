import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { eventually } from '../agents/agents.test-support';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { memberWithStaleSecondFactor } from '../second-factor/second-factor.test-support';
import { verifyWebhook } from './webhook-signature';
import { type Received, webhookReceiver } from './webhooks.test-support';

describe("a merchant's own webhook endpoint", () => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  let merchantId: string;
  let owner: ReturnType<typeof api>;
  /** The secret signing now (set by the rotations). */
  let current = '';
  /** A test event's delivery as the endpoint received it. */
  const testDelivery = async () => {
    const sent = (await owner.post('/webhook-events/test')).json();
    await eventually(async () => hook.received.some((r) => r.headers['gerbang-event-id'] === sent.id));
    return hook.received.find((r) => r.headers['gerbang-event-id'] === sent.id) as Received;
  };
  const signedBy = (secret: string, delivery: Received) =>
    verifyWebhook(secret, delivery.body, delivery.headers['gerbang-signature'] as string);

  beforeAll(async () => {
    t = await createTestApp();
    hook = await webhookReceiver();
    const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    const created = await admin.post('/merchants', {
      name: 'Endpoint Shop',
      code: `EP${randomUUID().slice(0, 8)}`,
      currency: 'IDR',
      minAmount: '10000',
      maxAmount: '1000000',
      allowedMethods: ['dana'],
    });
    merchantId = created.json().id;
    owner = api(t.app, (await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole: 'owner' })).headers);
  });
  afterAll(async () => {
    await t.close();
    await hook.close();
  });

  it('is set by the merchant, never to a link-local or metadata address, and audited', async () => {
    expect((await owner.get('/webhook-endpoint')).json()).toEqual({
      callbackUrl: null,
      failingSince: null,
      disabledAt: null,
      previousSecretExpiresAt: null,
    });
    const refused = await owner.put('/webhook-endpoint', { callbackUrl: 'http://169.254.169.254/latest/meta-data' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toHaveProperty(['body.callbackUrl']);
    const set = await owner.put('/webhook-endpoint', { callbackUrl: hook.url });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ callbackUrl: hook.url, previousSecretExpiresAt: null, disabledAt: null });
    const audit = await t.app.ctx.audit.listForTarget('merchant', merchantId);
    expect(audit.find((entry) => entry.action === AUDIT_ACTIONS.merchantUpdated)?.details).toMatchObject({
      callbackUrl: { from: null, to: hook.url },
    });
    const finance = api(t.app, (await signedInUser(t, ROLE.Merchant, { merchantId, merchantRole: 'finance' })).headers);
    expect((await finance.put('/webhook-endpoint', { callbackUrl: null })).statusCode).toBe(403);
  });

  it('rotates its secret: the previous one signs beside it for a day, or stops at once', async () => {
    const first = (await owner.post('/webhook-endpoint/secret', { previousSecret: 'expire_now' })).json();
    const second = await owner.post('/webhook-endpoint/secret', {});
    expect(second.statusCode, second.body).toBe(200);
    const kept = second.json();
    const expires = Date.parse(kept.previousSecretExpiresAt) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await owner.get('/webhook-endpoint')).json().previousSecretExpiresAt).toBe(kept.previousSecretExpiresAt);

    // Both secrets sign the same delivery: a receiver still on the old one keeps verifying.
    const during = await testDelivery();
    expect(signedBy(kept.webhookSecret, during)).toBe(true);
    expect(signedBy(first.webhookSecret, during)).toBe(true);
    expect((during.headers['gerbang-signature'] as string).match(/v1=/g)).toHaveLength(2);
    // Another rotation keeping the previous would cut off a receiver still on the first: refused.
    const again = await owner.post('/webhook-endpoint/secret', { previousSecret: 'keep_24_hours' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('expire_now');
    const still = await testDelivery();
    expect(signedBy(kept.webhookSecret, still) && signedBy(first.webhookSecret, still)).toBe(true);

    const third = (await owner.post('/webhook-endpoint/secret', { previousSecret: 'expire_now' })).json();
    expect(third.previousSecretExpiresAt).toBeNull();
    const after = await testDelivery();
    expect(signedBy(third.webhookSecret, after)).toBe(true);
    expect(signedBy(kept.webhookSecret, after)).toBe(false);
    expect(signedBy(first.webhookSecret, after)).toBe(false);
    current = third.webhookSecret;
  });

  it('asks an enrolled member for a fresh second factor before rotating, and keeps the secret until then', async () => {
    const developer = await memberWithStaleSecondFactor(t, merchantId, 'developer');
    const refused = await api(t.app, developer.headers).post('/webhook-endpoint/secret', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STEP_UP_REQUIRED');
    const still = await testDelivery();
    expect(signedBy(current, still)).toBe(true);
    expect(still.headers['gerbang-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });
});
