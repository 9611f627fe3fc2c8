import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { signedInUser } from '../../../test/helpers/test-app';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { merchantWithToken, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { paidSession } from '../refunds/refunds.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';

/** A PDF's text, as poppler-utils' pdftotext reads it (layout kept: a row stays on one line). */
function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
}

/** The CSV's lines as objects of its columns (no field of these has a comma or a quote). */
function parse(csv: string) {
  const [header, ...lines] = csv.trim().split('\r\n');
  const columns = (header as string).split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value])));
}

describe("a merchant's statement", () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  const dbNow = async () =>
    ((await t.database.db.execute(sql`select now()::text as now`)) as unknown as { rows: { now: string }[] }).rows[0]
      ?.now as string;
  const iso = (time: string) => new Date(time).toISOString();

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    dana = await readyAccount(t, 'dana');
  });
  afterAll(() => t.close());

  it('opens at the balance before its range, lists each movement with the balance after it, and closes at the ledger', async () => {
    const earlier = await paidSession(shop, dana, '40000');
    const from = iso(await dbNow());
    const first = await paidSession(shop, dana, '25000');
    const second = await paidSession(shop, dana, '15000');
    const refunder = merchantApi(t.app, (await createApiTokenAs(shop.console, ['refunds:write'])).secret);
    const refund = await refunder.post(
      `/v1/payment-sessions/${first.id}/refunds`,
      { amount: '5000' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(refund.statusCode, refund.body).toBe(201);
    await eventually(async () => {
      const session = (await shop.console.get(`/payment-sessions/${first.id}`)).json();
      return session.refunds[0]?.status === 'success';
    });
    const to = new Date(Date.now() + 60_000).toISOString();

    const res = await shop.console.get(`/statements?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="statement-.+\.csv"$/);
    const rows = parse(res.body);
    expect(rows[0]).toMatchObject({ type: 'opening_balance', balance: earlier.amount, currency: 'IDR' });
    expect(rows.slice(1, -1).map((r) => [r.type, r.reference, r.amount])).toEqual([
      ['deposit', first.referenceNumber, first.amount],
      ['deposit', second.referenceNumber, second.amount],
      ['refund_hold', `${first.referenceNumber}#R1`, '-5000'],
    ]);
    // Each balance is the one before it plus the movement; the last is the ledger's balance now.
    let balance = Number(rows[0]?.balance);
    for (const row of rows.slice(1, -1)) {
      balance += Number(row.amount);
      expect(Number(row.balance)).toBe(balance);
    }
    const closing = rows.at(-1);
    expect(closing).toMatchObject({ type: 'closing_balance', balance: String(balance) });
    expect((await shop.client.get('/v1/balance')).json().available).toBe(closing?.balance);

    // The same statement as a PDF, in Indonesian: its text (read with poppler's pdftotext) has every line.
    const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const pdf = await shop.console.get(`/statements?${range}&format=pdf&language=id`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/filename="statement-.+\.pdf"$/);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Laporan rekening');
    expect(text).toContain('Saldo awal');
    expect(text).toContain(`${first.referenceNumber}#R1`);
    expect(text).toContain('-5.000');
    expect(text).toContain('Saldo akhir');
    expect(text).toContain(Number(closing?.balance).toLocaleString('id-ID'));
  });

  it('gives a merchant user only its own, makes an Admin name the merchant, and refuses a backwards range', async () => {
    const range = `from=${encodeURIComponent('2026-01-02T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`;
    const backwards = await shop.console.get(`/statements?${range}`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.fields).toHaveProperty(['querystring.to']);
    const month = `from=${encodeURIComponent('2026-01-01T00:00:00Z')}&to=${encodeURIComponent('2026-02-01T00:00:00Z')}`;
    const admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    expect((await admin.get(`/statements?${month}`)).json().error.fields).toHaveProperty(['querystring.merchantId']);
    const named = await admin.get(`/statements?${month}&merchantId=${shop.merchantId}`);
    expect(parse(named.body).map((r) => r.type)).toEqual(['opening_balance', 'closing_balance']);
    // Another merchant's id in a merchant user's query is ignored: it reads its own.
    const other = await merchantWithToken(t);
    const own = await other.console.get(`/statements?${month}&merchantId=${shop.merchantId}`);
    expect(own.headers['content-disposition']).not.toContain(shop.merchantId);
    expect(parse(own.body).at(-1)).toMatchObject({ balance: '0' });
  });
});
