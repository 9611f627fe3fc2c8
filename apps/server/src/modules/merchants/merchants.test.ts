import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { createSecretBox } from '../../crypto/secret-box';
import { merchants } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { WEBHOOK_SECRET_CONTEXT } from './merchants.service';

let codes = 0;
/** A valid IDR merchant body with a fresh code; `fields` override. */
const idrMerchant = (fields: Record<string, unknown> = {}) => ({
  name: `Toko ${++codes}`,
  code: `toko-${codes}-${Date.now() % 100_000}`,
  currency: 'IDR',
  depositFeePercent: '2.5',
  depositFeeFixed: '1000',
  minAmount: '10000',
  maxAmount: '5000000',
  allowedMethods: ['dana', 'livin'],
  callbackUrl: 'https://shop.example.com/gerbang/webhook',
  embedOrigins: ['https://shop.example.com'],
  ...fields,
});

describe('merchants', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let staff: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    staff = api(t.app, (await signedInUser(t, ROLE.Staff)).headers);
  });
  afterAll(() => t.close());

  const rawRow = async (id: string) => (await t.database.db.select().from(merchants).where(eq(merchants.id, id)))[0];
  const merchantCount = async () => (await t.database.db.select({ id: merchants.id }).from(merchants)).length;

  it('creates a merchant with exact terms and shows its webhook secret once, sealed at rest', async () => {
    const res = await admin.post('/merchants', idrMerchant({ name: ' Toko Sinar ', code: 'sinar-jaya' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Toko Sinar',
      code: 'SINAR-JAYA',
      currency: 'IDR',
      status: 'active',
      depositFeePercent: '2.50',
      depositFeeFixed: '1000',
      minAmount: '10000',
      maxAmount: '5000000',
      allowedMethods: ['dana', 'livin'],
      hasWebhookSecret: true,
      paymentTimeLimitMinutes: 15,
    });
    expect(created.webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const row = await rawRow(created.id);
    expect(row?.webhookSecretEncrypted).not.toContain(created.webhookSecret);
    expect(row?.depositFeeBasisPoints).toBe(250);
    expect(row?.minAmountMinor).toBe(10_000n);
    const box = createSecretBox(t.app.ctx.config.ENCRYPTION_KEY);
    expect(box.decrypt(row?.webhookSecretEncrypted ?? '', WEBHOOK_SECRET_CONTEXT)).toBe(created.webhookSecret);

    const shown = [await admin.get(`/merchants/${created.id}`), await admin.get('/merchants?q=sinar')];
    for (const answer of shown) expect(answer.body).not.toContain(created.webhookSecret);
    expect(shown[0]?.json()).not.toHaveProperty('webhookSecret');
    const audit = await t.app.ctx.audit.listForTarget('merchant', created.id);
    expect(audit.map((entry) => entry.action)).toEqual([AUDIT_ACTIONS.merchantCreated]);
    expect(JSON.stringify(audit, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(
      created.webhookSecret,
    );
  });

  it('keeps PHP amounts in centavos', async () => {
    const res = await admin.post(
      '/merchants',
      idrMerchant({
        currency: 'PHP',
        allowedMethods: ['maya'],
        minAmount: '100.5',
        maxAmount: '50000',
        depositFeeFixed: '5.25',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ minAmount: '100.50', maxAmount: '50000.00', depositFeeFixed: '5.25' });
    expect((await rawRow(res.json().id))?.minAmountMinor).toBe(10_050n);
  });

  it.each([
    ['more decimals than the currency has', { minAmount: '10000.50' }, 'body.minAmount'],
    ['a minimum above the maximum', { minAmount: '60000', maxAmount: '50000' }, 'body.maxAmount'],
    ['a method paid in another currency', { allowedMethods: ['dana', 'maya'] }, 'body.allowedMethods'],
    ['a fee above 100%', { depositFeePercent: '100.01' }, 'body.depositFeePercent'],
    ['an embed origin with a path', { embedOrigins: ['https://shop.example.com/checkout'] }, 'body.embedOrigins.0'],
    ['a callback that is not http(s)', { callbackUrl: 'ftp://shop.example.com/hook' }, 'body.callbackUrl'],
    ['no payment method', { allowedMethods: [] }, 'body.allowedMethods'],
    ['a time limit under 5 minutes', { paymentTimeLimitMinutes: 2 }, 'body.paymentTimeLimitMinutes'],
  ])('refuses %s with 422 on that field, and creates nothing', async (_case, fields, field) => {
    const before = await merchantCount();
    const res = await admin.post('/merchants', idrMerchant(fields));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    expect(await merchantCount()).toBe(before);
  });

  it('refuses a code already taken, whatever its case, with 409 on body.code', async () => {
    expect((await admin.post('/merchants', idrMerchant({ code: 'TAKEN-1' }))).statusCode).toBe(201);
    const res = await admin.post('/merchants', idrMerchant({ code: 'taken-1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toHaveProperty(['body.code']);
  });

  it('creates one merchant when 20 requests race for the same code', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post('/merchants', idrMerchant({ code: 'RACE-1' }))),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(19);
  });

  it('edits terms against the stored currency, audits what changed, and refuses the code or currency', async () => {
    const { id } = (await admin.post('/merchants', idrMerchant())).json();
    const res = await admin.patch(`/merchants/${id}`, {
      depositFeePercent: '1.75',
      maxAmount: '9000000',
      callbackUrl: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ depositFeePercent: '1.75', maxAmount: '9000000', callbackUrl: null });
    const updated = (await t.app.ctx.audit.listForTarget('merchant', id)).find(
      (entry) => entry.action === AUDIT_ACTIONS.merchantUpdated,
    );
    expect(updated?.details).toEqual({
      depositFeePercent: { from: '2.50', to: '1.75' },
      maxAmount: { from: '5000000', to: '9000000' },
      callbackUrl: { from: 'https://shop.example.com/gerbang/webhook', to: null },
    });

    const belowMin = await admin.patch(`/merchants/${id}`, { maxAmount: '5000' });
    expect(belowMin.statusCode).toBe(422);
    expect(belowMin.json().error.fields).toHaveProperty(['body.maxAmount']);
    for (const body of [{ code: 'OTHER' }, { currency: 'PHP' }]) {
      expect((await admin.patch(`/merchants/${id}`, body)).statusCode).toBe(422);
    }
    expect((await admin.get(`/merchants/${id}`)).json()).toMatchObject({ maxAmount: '9000000', currency: 'IDR' });
  });

  it('suspends and resumes as guarded transitions, each audited once', async () => {
    const { id } = (await admin.post('/merchants', idrMerchant())).json();
    const twice = await Promise.all([admin.post(`/merchants/${id}/suspend`), admin.post(`/merchants/${id}/suspend`)]);
    for (const res of twice) expect(res.json().status).toBe('suspended');
    expect((await admin.post(`/merchants/${id}/resume`)).json().status).toBe('active');
    const actions = (await t.app.ctx.audit.listForTarget('merchant', id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === AUDIT_ACTIONS.merchantSuspended)).toHaveLength(1);
    expect(actions.filter((action) => action === AUDIT_ACTIONS.merchantResumed)).toHaveLength(1);
  });

  it('rotates the webhook secret: a new one, shown once, and the old one no longer stored', async () => {
    const created = (await admin.post('/merchants', idrMerchant())).json();
    const res = await admin.post(`/merchants/${created.id}/webhook-secret`);
    expect(res.statusCode).toBe(200);
    const { webhookSecret } = res.json();
    expect(webhookSecret).toMatch(/^whsec_/);
    expect(webhookSecret).not.toBe(created.webhookSecret);
    const box = createSecretBox(t.app.ctx.config.ENCRYPTION_KEY);
    const sealed = (await rawRow(created.id))?.webhookSecretEncrypted ?? '';
    expect(box.decrypt(sealed, WEBHOOK_SECRET_CONTEXT)).toBe(webhookSecret);
    const actions = (await t.app.ctx.audit.listForTarget('merchant', created.id)).map((entry) => entry.action);
    expect(actions).toContain(AUDIT_ACTIONS.merchantWebhookSecretRotated);
  });

  it('lists by name in keyset pages, with search and status filters; a Staff user may read', async () => {
    const prefix = `Paged ${Date.now()}`;
    for (const letter of ['C', 'A', 'B']) await admin.post('/merchants', idrMerchant({ name: `${prefix} ${letter}` }));
    const first = (await staff.get(`/merchants?q=${encodeURIComponent(prefix)}&limit=2`)).json();
    expect(first.items.map((m: { name: string }) => m.name)).toEqual([`${prefix} A`, `${prefix} B`]);
    const second = (
      await staff.get(`/merchants?q=${encodeURIComponent(prefix)}&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((m: { name: string }) => m.name)).toEqual([`${prefix} C`]);
    expect(second.nextCursor).toBeNull();

    const suspended = (await admin.get(`/merchants?q=${encodeURIComponent(prefix)}&status=suspended`)).json();
    expect(suspended.items).toEqual([]);
    const bad = await staff.get('/merchants?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty(['querystring.cursor']);
    expect((await staff.post('/merchants', idrMerchant())).statusCode).toBe(403);
  });

  it('lists each merchant exactly as its own answer shows it, in both currencies', async () => {
    const prefix = `Same ${Date.now()}`;
    const rupiah = await admin.post(
      '/merchants',
      idrMerchant({ name: `${prefix} "Rupiah" \\ Toko`, depositFeePercent: '0' }),
    );
    expect(rupiah.statusCode, rupiah.body).toBe(201);
    const peso = await admin.post(
      '/merchants',
      idrMerchant({
        name: `${prefix} Peso`,
        currency: 'PHP',
        allowedMethods: ['maya'],
        minAmount: '0.05',
        maxAmount: '50000',
        depositFeeFixed: '5.25',
        withdrawalFeePercent: '100',
        callbackUrl: undefined,
        embedOrigins: [],
      }),
    );
    expect(peso.statusCode, peso.body).toBe(201);
    const res = await staff.get(`/merchants?q=${encodeURIComponent(prefix)}`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const items = res.json().items as { id: string }[];
    expect(items).toHaveLength(2);
    for (const item of items) expect(item).toEqual((await staff.get(`/merchants/${item.id}`)).json());
  });

  it('answers 404 for a merchant that does not exist', async () => {
    const res = await admin.get('/merchants/00000000-0000-4000-8000-000000000999');
    expect(res.statusCode).toBe(404);
  });
});
