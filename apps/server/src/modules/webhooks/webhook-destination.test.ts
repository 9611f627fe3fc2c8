import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { merchants, webhookDeliveries, webhookEvents } from '../../db/schema';
import { eventually } from '../agents/agents.test-support';
import { forbiddenReason } from './webhook-destination';
import { webhookReceiver } from './webhooks.test-support';

const merchantBody = (callbackUrl: string) => ({
  name: 'Destination Shop',
  code: `DST${randomUUID().slice(0, 8)}`,
  currency: 'IDR',
  minAmount: '10000',
  maxAmount: '1000000',
  allowedMethods: ['dana'],
  callbackUrl,
});

describe('where webhooks may go', () => {
  it('never to link-local or metadata addresses; to loopback and private ones only when the operator allows', () => {
    for (const address of [
      '169.254.169.254',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '0.0.0.0',
      '64:ff9b::a9fe:a9fe', // NAT64 to 169.254.169.254
      '2002:a00:1::1', // 6to4 (of 10.0.0.1)
      '2001:0:4136:e378::1', // Teredo
    ]) {
      expect(forbiddenReason(address, true), address).toMatch(/link-local, metadata or reserved/);
    }
    expect(forbiddenReason('64:ff9b::a00:5', false)).toMatch(/loopback or private/); // NAT64 to 10.0.0.5
    expect(forbiddenReason('64:ff9b::a00:5', true)).toBeNull();
    expect(forbiddenReason('64:ff9b::808:808', false)).toBeNull(); // NAT64 to 8.8.8.8
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.10', '100.64.0.1', '::1', 'fd12::1']) {
      expect(forbiddenReason(address, false), address).toMatch(/loopback or private/);
      expect(forbiddenReason(address, true), address).toBeNull();
    }
    expect(forbiddenReason('::ffff:10.0.0.1', false)).toMatch(/loopback or private/);
    for (const address of ['203.0.113.7', '8.8.8.8', '2001:4860:4860::8888']) {
      expect(forbiddenReason(address, false), address).toBeNull();
    }
  });
});

describe('callback URLs inside the operator’s network (WEBHOOK_ALLOW_PRIVATE_NETWORKS=false)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false', WEBHOOK_RETRY_DELAYS_SECONDS: '0', WEBHOOK_TIMEOUT_SECONDS: '2' },
    });
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
  });
  afterAll(() => t.close());

  it('refuses one that names or resolves to a loopback, private, link-local or metadata address, naming the field', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:9/hook',
      'https://[::1]/hook',
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const res = await admin.post('/merchants', merchantBody(url));
      expect(res.statusCode, url).toBe(422);
      const message = res.json().error.fields['body.callbackUrl'];
      expect(message, url).toMatch(/may not go to|resolves to/);
      // A name's addresses are not told (a merchant could map the operator's network with them).
      if (url.includes('localhost')) expect(message).toBe('localhost resolves to a loopback or private address');
    }
    // A name that does not resolve now is kept: each delivery checks again.
    const kept = await admin.post('/merchants', merchantBody('https://shop.gerbang.invalid/hook'));
    expect(kept.statusCode, kept.body).toBe(201);
    const moved = await admin.patch(`/merchants/${kept.json().id}`, { callbackUrl: 'http://192.168.1.20/hook' });
    expect(moved.statusCode).toBe(422);
    expect((await admin.get(`/merchants/${kept.json().id}`)).json().callbackUrl).toBe(
      'https://shop.gerbang.invalid/hook',
    );
  });

  it('does not deliver to a name that resolves to loopback when the webhook goes out, and logs why', async () => {
    const receiver = await webhookReceiver();
    try {
      const created = await admin.post('/merchants', merchantBody('https://shop.gerbang.invalid/hook'));
      const merchantId = created.json().id as string;
      // The name now points inside (as a DNS change would): the delivery checks at connect time.
      await t.database.db
        .update(merchants)
        .set({ callbackUrl: `http://localhost:${receiver.port}/hook` })
        .where(eq(merchants.id, merchantId));
      const owner = await signedInUser(t, ROLE.Merchant, { merchantId });
      const client = merchantApi(t.app, (await createApiTokenAs(api(t.app, owner.headers))).secret);
      const session = (
        await client.post(
          '/v1/payment-sessions',
          { referenceNumber: `DST-${randomUUID()}`, amount: '20000' },
          { 'idempotency-key': randomUUID() },
        )
      ).json();
      const [event] = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.subjectId, session.id));
      await eventually(async () => {
        const [now] = await t.database.db
          .select()
          .from(webhookEvents)
          .where(eq(webhookEvents.id, event?.id as string));
        return now?.status === 'failed';
      }, 15_000);
      const attempts = await t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventId, event?.id as string))
        .orderBy(asc(webhookDeliveries.id));
      expect(attempts.length).toBeGreaterThan(0);
      for (const attempt of attempts)
        expect(attempt.error).toContain('localhost resolves to a loopback or private address');
      expect(receiver.hits()).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});

describe('redirects of a receiver', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('are not followed: the answer is logged as the failure it is', async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '0', WEBHOOK_TIMEOUT_SECONDS: '2' } });
    const target = await webhookReceiver();
    const redirecting = await webhookReceiver({
      status: 302,
      headers: { location: `http://127.0.0.1:${target.port}/stolen` },
    });
    try {
      const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
      const created = await admin.post('/merchants', merchantBody(`http://127.0.0.1:${redirecting.port}/hook`));
      expect(created.statusCode, created.body).toBe(201);
      const owner = await signedInUser(t, ROLE.Merchant, { merchantId: created.json().id });
      const client = merchantApi(t.app, (await createApiTokenAs(api(t.app, owner.headers))).secret);
      await client.post(
        '/v1/payment-sessions',
        { referenceNumber: `DST-${randomUUID()}`, amount: '20000' },
        { 'idempotency-key': randomUUID() },
      );
      await eventually(async () => redirecting.hits() >= 2, 15_000);
      const [attempt] = await t.database.db
        .select()
        .from(webhookDeliveries)
        .orderBy(asc(webhookDeliveries.id))
        .limit(1);
      expect(attempt).toMatchObject({ statusCode: 302 });
      expect(target.hits()).toBe(0);
    } finally {
      await target.close();
      await redirecting.close();
    }
  });
});
