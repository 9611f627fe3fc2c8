import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GerbangApiError } from '../src/index';
import { FUNDED_MINOR, nextReference, serverUnderTest } from './server-under-test';

let accountCounter = 0;
/** A BCA account number nobody used yet. */
function bcaAccount(): string {
  accountCounter += 1;
  return `${Date.now() % 1_000_000_000}${String(accountCounter).padStart(3, '0')}`.padStart(12, '0');
}

describe('the balance and customer withdrawals through the SDK, over HTTP to the real server', () => {
  const server = serverUnderTest();
  const withdrawal = (amount: string) => ({
    referenceNumber: nextReference('WD'),
    amount,
    provider: 'bca' as const,
    accountNumber: bcaAccount(),
    holderName: 'Siti Rahayu',
  });

  it('opens a withdrawal that holds the money, reads and lists it, and cancels it to release the hold', async () => {
    const gerbang = server.client();
    const before = await gerbang.balance.get();
    expect(before).toEqual({ currency: 'IDR', available: String(FUNDED_MINOR), pending: '0' });

    const opened = await gerbang.withdrawals.create(withdrawal('50000'));
    expect(opened).toMatchObject({ kind: 'customer', status: 'verifying', amount: '50000' });
    expect(opened.withdrawUrl).toContain(opened.id);
    const held = await gerbang.balance.get();
    expect(BigInt(held.pending)).toBe(50_000n + BigInt(opened.fee));

    expect(await gerbang.withdrawals.get(opened.id)).toMatchObject({
      id: opened.id,
      referenceNumber: opened.referenceNumber,
    });
    const listed = await gerbang.withdrawals.list({ status: 'verifying' });
    expect(listed.items.map((item) => item.id)).toContain(opened.id);
    const all: string[] = [];
    for await (const item of gerbang.withdrawals.listAll({ limit: 1 })) all.push(item.id);
    expect(all).toContain(opened.id);

    const cancelled = await gerbang.withdrawals.cancel(opened.id);
    expect(cancelled).toMatchObject({ id: opened.id, status: 'cancelled' });
    // Sent again (as a retry would be), the cancel answers with the cancelled withdrawal.
    expect(await gerbang.withdrawals.cancel(opened.id)).toMatchObject({ status: 'cancelled' });
    expect(await gerbang.balance.get()).toEqual(before);
  });

  it('a withdrawal the balance does not cover is 422 INSUFFICIENT_BALANCE naming the amount, and nothing is held', async () => {
    const gerbang = server.client();
    const before = await gerbang.balance.get();
    const error = await gerbang.withdrawals
      .create(withdrawal(String(FUNDED_MINOR * 10n)))
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(GerbangApiError);
    expect(error).toMatchObject({ status: 422, code: 'INSUFFICIENT_BALANCE', attempts: 1 });
    expect((error as GerbangApiError).fields).toHaveProperty(['body.amount']);
    expect(await gerbang.balance.get()).toEqual(before);
  });

  it('a withdrawal of nobody it knows is 404 NOT_FOUND, to read and to cancel', async () => {
    const gerbang = server.client();
    await expect(gerbang.withdrawals.get(randomUUID())).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(gerbang.withdrawals.cancel(randomUUID())).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
