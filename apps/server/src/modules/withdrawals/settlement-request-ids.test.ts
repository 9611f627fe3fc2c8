import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../db/schema';
import type { FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { fundMerchant, verifiedPayoutMethod } from './withdrawals.test-support';

/**
 * The console names each settlement request it makes (`requestId`, made once per form): a double
 * submit, or a retry after a lost answer, holds the money once and answers with the same request.
 */
describe('settlement requests named by the console', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let method: Awaited<ReturnType<typeof verifiedPayoutMethod>>;
  const available = async () => BigInt((await shop.client.get('/v1/balance')).json().available);
  const heldCount = async () =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(eq(withdrawals.merchantId, shop.merchantId))
    )[0]?.n;

  beforeAll(async () => {
    t = await walletTestApp();
    shop = await merchantWithToken(t);
    const sender = await readyAccount(t, 'dana');
    await fundMerchant(t, shop.merchantId, sender.account.id, 1_000_000n);
    method = await verifiedPayoutMethod(shop.console);
  });
  afterAll(() => t.close());

  it('holds once for five submits of one request at the same moment, each answered with that request', async () => {
    const before = await available();
    const requestId = randomUUID();
    const body = { payoutMethodId: method.id, amount: '100000', note: 'Weekly', requestId };
    const answers = await Promise.all(Array.from({ length: 5 }, () => shop.console.post('/withdrawal-requests', body)));
    for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(before - (await available())).toBe(100_000n);
    expect(await heldCount()).toBe(1);
    // A retry a minute later is the same request too.
    const retry = await shop.console.post('/withdrawal-requests', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(answers[0]?.json().id);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses the same request id with another amount, naming it, and holds nothing more', async () => {
    const before = await available();
    const requestId = randomUUID();
    const first = await shop.console.post('/withdrawal-requests', {
      payoutMethodId: method.id,
      amount: '20000',
      requestId,
    });
    expect(first.statusCode).toBe(201);
    const other = await shop.console.post('/withdrawal-requests', {
      payoutMethodId: method.id,
      amount: '30000',
      requestId,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.fields).toHaveProperty(['body.requestId']);
    expect(before - (await available())).toBe(20_000n);
  });
});
