import { randomUUID } from 'node:crypto';
import { parseEmvFields } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { customerPays, merchantWithToken, nextReference, readyAccount } from './payment-sessions.test-support';

describe("the customer's deposit page API (public)", () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  const page = (id: string) => t.app.inject({ method: 'GET', url: `/public/deposits/${id}` });
  const choose = (id: string, method: string) =>
    t.app.inject({ method: 'POST', url: `/public/deposits/${id}/method`, payload: { method } });
  const open = async (amount = '125000') =>
    (
      await shop.open({
        referenceNumber: nextReference(),
        amount,
        customer: { email: 'private@example.com' },
        metadata: { secretNote: 'merchant only' },
      })
    ).json();

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    dana = await readyAccount(t, 'dana');
  });
  afterAll(() => t.close());

  it("shows the amounts, the merchant's methods and the server's clock, and nothing of the merchant's data", async () => {
    const session = await open();
    const res = await page(session.id);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      id: session.id,
      finalAmount: '125000',
      status: 'created',
      methods: ['dana', 'livin'],
      method: null,
      instructions: null,
      expiresAt: session.expiresAt,
    });
    expect(Math.abs(Date.parse(view.serverTime) - Date.now())).toBeLessThan(5_000);
    expect(res.body).not.toContain('private@example.com');
    expect(res.body).not.toContain('merchant only');
  });

  it('gives the chosen method a QR that carries the final amount', async () => {
    const session = await open('125000');
    const other = await open('125000');
    await choose(other.id, 'dana');
    const res = await choose(session.id, 'dana');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ status: 'awaiting_payment', method: 'dana', instructions: { kind: 'qr' } });
    expect(view.finalAmount).not.toBe('125000');
    expect(parseEmvFields(view.instructions.qr).get('54')).toBe(view.finalAmount);
  });

  it('says when no account can take a method, keeps the session open, and lets the customer choose another', async () => {
    const session = await open();
    const refused = await choose(session.id, 'livin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NO_ACCOUNT_AVAILABLE');
    expect((await page(session.id)).json().status).toBe('created');
    expect((await choose(session.id, 'dana')).json().status).toBe('awaiting_payment');
  });

  it("shows Livin' bank details to transfer to", async () => {
    const livin = await readyAccount(t, 'livin');
    const session = await open();
    const view = (await choose(session.id, 'livin')).json();
    expect(view.instructions).toEqual({
      kind: 'bank',
      provider: 'livin',
      bankName: 'Bank Mandiri',
      accountNumber: livin.account.accountNumber,
      holderName: livin.account.holderName,
    });
  });

  it("offers a Maya account's three ways: its phone number, its QR with the amount, its account at Maya Bank", async () => {
    const maya = await readyAccount(t, 'maya');
    const peso = await merchantWithToken(t);
    await t.database.db
      .update(merchants)
      .set({ currency: 'PHP', allowedMethods: ['maya'], minAmountMinor: 100n, maxAmountMinor: 10_000_000n })
      .where(eq(merchants.id, peso.merchantId));
    const session = (await peso.open({ referenceNumber: nextReference(), amount: '250' })).json();
    const view = (await choose(session.id, 'maya')).json();
    expect(view.instructions).toMatchObject({
      kind: 'maya',
      provider: 'maya',
      ways: ['maya_to_maya_phone_number', 'maya_to_maya_qr', 'maya_to_bank'],
      phoneNumber: maya.account.accountNumber,
      accountName: maya.account.holderName,
      bankName: 'Maya Bank, Inc.',
    });
    expect(parseEmvFields(view.instructions.qr).get('54')).toBe(view.finalAmount);
  });

  it('refuses a method the merchant does not take (422 naming it)', async () => {
    const session = await open();
    const res = await choose(session.id, 'maya');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty(['body.method']);
  });

  it("moves to processing on 'I Have Transferred' and asks the phone to read its history at once", async () => {
    const session = await open('131000');
    const chosen = (await choose(session.id, 'dana')).json();
    const before = dana.commands.length;
    const res = await t.app.inject({ method: 'POST', url: `/public/deposits/${session.id}/transferred` });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('processing');
    await eventually(async () =>
      dana.commands
        .slice(before)
        .some(
          (c) =>
            c.type === 'wallet-check' &&
            c.payload.checkType === 'transaction_history' &&
            c.payload.account.id === dana.account.id,
        ),
    );
    await customerPays(dana.phone, dana.account.id, [chosen.finalAmount]);
    await eventually(async () => (await page(session.id)).json().status === 'success');
    expect((await page(session.id)).json().instructions).toBeNull();
  });

  it('streams status changes to the page as server-sent events', async () => {
    const session = await open('133000');
    const chosen = (await choose(session.id, 'dana')).json();
    expect(chosen.status).toBe('awaiting_payment');
    const controller = new AbortController();
    const response = await fetch(`${t.url}/public/deposits/${session.id}/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        text += new TextDecoder().decode(value);
      }
    };
    await until('"status":"awaiting_payment"');
    await customerPays(dana.phone, dana.account.id, [chosen.finalAmount]);
    await Promise.race([
      until('"status":"success"'),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no success in: ${text}`)), 8000)),
    ]);
    controller.abort();
  });

  it('answers 404 to an unknown session and 422 to a malformed id', async () => {
    expect((await page(randomUUID())).statusCode).toBe(404);
    expect((await page('not-an-id')).statusCode).toBe(422);
  });
});
