import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GerbangApiError } from '../src/index';
import { nextReference, serverUnderTest } from './server-under-test';

describe('refunds through the SDK, over HTTP to the real server', () => {
  const server = serverUnderTest();

  /** A session as a customer's payment leaves it (the deposit path has its own tests on the server). */
  async function paidSession(amount: string) {
    const session = await server.client().paymentSessions.create({ referenceNumber: nextReference('RF'), amount });
    await server.state.testApp.database.db.execute(
      sql`update payment_sessions set status = 'success', received_amount_minor = final_amount_minor, paid_at = now()
          where id = ${session.id}`,
    );
    return session;
  }

  it('refunds part of a paid session with an Idempotency-Key of its own, and lists it on the session', async () => {
    const gerbang = server.client();
    const session = await paidSession('80000');
    const refund = await gerbang.refunds.create(session.id, { amount: '30000', reason: 'Out of stock' });
    // The payment named no account: the customer names one on the withdraw page.
    expect(refund).toMatchObject({
      kind: 'refund',
      paymentSessionId: session.id,
      amount: '30000',
      status: 'awaiting_destination',
      note: 'Out of stock',
    });
    expect(refund.withdrawUrl).toContain(refund.id);
    expect((await gerbang.paymentSessions.get(session.id)).refundedAmount).toBe('30000');
    expect((await gerbang.refunds.list(session.id)).map((r) => r.id)).toEqual([refund.id]);
    // The same key again is the same refund.
    const again = await gerbang.refunds.create(
      session.id,
      { amount: '30000', reason: 'Out of stock' },
      { idempotencyKey: 'rf-1' },
    );
    expect(
      await gerbang.refunds.create(session.id, { amount: '30000', reason: 'Out of stock' }, { idempotencyKey: 'rf-1' }),
    ).toEqual(again);
  });

  it('a refund beyond what is left is 422 REFUND_EXCEEDS_PAYMENT naming the amount, sent once', async () => {
    const gerbang = server.client();
    const session = await paidSession('20000');
    const error = await gerbang.refunds.create(session.id, { amount: '20001' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(GerbangApiError);
    expect(error).toMatchObject({ status: 422, code: 'REFUND_EXCEEDS_PAYMENT', attempts: 1 });
    expect((error as GerbangApiError).fields).toHaveProperty(['body.amount']);
    expect((await gerbang.paymentSessions.get(session.id)).refundedAmount).toBe('0');
  });
});
