import { randomUUID } from 'node:crypto';
import { PAYMENT_SESSION_EXPORT_COLUMNS, ROLE } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithUser } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { EXPORT_PAGE_ROWS } from '../../http/csv-export';

/** Sessions written straight to the table: an export's size, not their history, is under test. */
async function seedSessions(t: TestApp, merchantId: string, count: number, prefix: string) {
  await t.database.db.execute(sql`
    insert into payment_sessions (merchant_id, reference_number, currency, amount_minor, final_amount_minor,
      fee_minor, status, method, expires_at, created_at)
    select ${merchantId}::uuid, ${prefix} || n, 'IDR', 10000 + n, 10000 + n, 0,
      case when n % 3 = 0 then 'success' else 'expired' end, 'dana', now(), now() - n * interval '1 second'
    from generate_series(1, ${count}::int) as s(n)`);
}

const rowsOf = (csv: string) => csv.split('\r\n').filter((line) => line.length > 0);

describe('the payment sessions CSV export', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let adminHeaders: { authorization: string };
  let shop: Awaited<ReturnType<typeof merchantWithUser>>;
  let other: Awaited<ReturnType<typeof merchantWithUser>>;
  const many = EXPORT_PAGE_ROWS * 2 + 37;

  beforeAll(async () => {
    t = await createTestApp();
    adminHeaders = (await signedInUser(t, ROLE.Admin)).headers;
    admin = api(t.app, adminHeaders);
    shop = await merchantWithUser(t, randomUUID());
    other = await merchantWithUser(t, randomUUID());
    await seedSessions(t, shop.merchantId, many, 'EXP-');
    await seedSessions(t, other.merchantId, 5, 'OTHER-');
    await t.database.db.execute(sql`
      insert into payment_sessions (merchant_id, reference_number, currency, amount_minor, final_amount_minor,
        fee_minor, status, expires_at)
      values (${other.merchantId}::uuid, '=HYPERLINK("http://evil.example","Click")', 'IDR', 5000, 5000, 0,
        'created', now())`);
  });
  afterAll(() => t.close());

  it('streams every matching session, newest first, more pages than one query reads', async () => {
    const res = await admin.get(`/payment-sessions/export?merchantId=${shop.merchantId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="payment-sessions-\d{4}-\d\d-\d\d\.csv"$/,
    );
    // The consoles are another origin: they may read the file name.
    const fromConsole = await t.app.inject({
      method: 'GET',
      url: `/payment-sessions/export?merchantId=${shop.merchantId}`,
      headers: { ...adminHeaders, origin: 'http://localhost:3000' },
    });
    expect(fromConsole.headers['access-control-expose-headers']).toContain('content-disposition');
    // Sent as it is read: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toBe(PAYMENT_SESSION_EXPORT_COLUMNS.join(','));
    expect(rows).toHaveLength(many);
    const reference = PAYMENT_SESSION_EXPORT_COLUMNS.indexOf('referenceNumber');
    expect(rows.slice(0, 2).map((row) => row.split(',')[reference])).toEqual(['EXP-1', 'EXP-2']);
    expect(new Set(rows.map((row) => row.split(',')[reference])).size).toBe(many);
  });

  it("honours the list's filters", async () => {
    const res = await admin.get(`/payment-sessions/export?merchantId=${shop.merchantId}&status=success&search=EXP-1`);
    const status = PAYMENT_SESSION_EXPORT_COLUMNS.indexOf('status');
    const rows = rowsOf(res.body).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.split(',')[status] === 'success')).toBe(true);
    const bad = await admin.get('/payment-sessions/export?status=paid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty('querystring.status');
  });

  it('gives a merchant its own sessions only, and a reference that is a formula as text', async () => {
    const res = await other.console.get(`/payment-sessions/export?merchantId=${shop.merchantId}`);
    const rows = rowsOf(res.body).slice(1);
    expect(rows).toHaveLength(6);
    expect(res.body).not.toContain('EXP-');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
  });
});
