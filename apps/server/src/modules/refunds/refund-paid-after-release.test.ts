import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAs, merchantApi } from '../../../test/helpers/merchant-api';
import { api } from '../../../test/helpers/test-api';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { merchantWithToken, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import type { WalletCommand } from '../wallets/wallets.test-support';
import { walletTestApp } from '../wallets/wallets.test-support';
import { fundMerchant } from '../withdrawals/withdrawals.test-support';
import { paidSession, reportPaidAfterRelease } from './refunds.test-support';

type Transfer = Extract<WalletCommand, { type: 'transfer' }>;

/**
 * A refund whose send was uncertain, released by an operator as not paid, and then reported paid
 * by its phone after all: the customer has the money, so the part of the session it took can never
 * be refunded a second time, whichever of "charge the merchant" and "refund again" comes first.
 */
describe('refunds paid after an operator released them', () => {
  let t: FleetTestApp;
  let shop: Awaited<ReturnType<typeof merchantWithToken>>;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let refunder: ReturnType<typeof merchantApi>;
  let operator: ReturnType<typeof api>;
  /** Every transfer the phone took. */
  const sent: Transfer[] = [];
  /** Unless set, the phone cannot tell whether a transfer left (the app crashed after the send button). */
  let transfersSucceed = false;

  const available = async () => BigInt((await shop.client.get('/v1/balance')).json().available);
  const refundedOf = async (id: string) =>
    (await shop.client.get(`/v1/payment-sessions/${id}`)).json().refundedAmount as string;
  const refund = (sessionId: string) =>
    refunder.post(`/v1/payment-sessions/${sessionId}/refunds`, {}, { 'idempotency-key': randomUUID() });
  const statusOf = async (id: string) => (await operator.get(`/withdrawal-requests/${id}`)).json().status as string;

  /** A full refund of a fresh session that failed on an operator's word and was then reported paid; its exception. */
  async function refundPaidAfterRelease(amount: string) {
    const session = await paidSession(shop, dana, amount);
    const first = await refund(session.id);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().id as string;
    await eventually(async () => ((await statusOf(id)) === 'uncertain' ? true : null));
    const command = sent.find((c) => c.payload.note === first.json().referenceNumber);
    const released = await operator.post(`/withdrawal-requests/${id}/reconcile`, {
      outcome: 'not_paid',
      note: 'Not in the app yet',
    });
    expect(released.json().status).toBe('failed');
    expect(await refundedOf(session.id)).toBe('0');
    return {
      session,
      /** What the refund took: everything the session received. */
      refunded: first.json().amount as string,
      /** The phone's late word: the transfer was made. Resolves with the queued exception's id. */
      reportPaid: () => reportPaidAfterRelease(dana.phone, operator, command?.id, id),
    };
  }

  beforeAll(async () => {
    t = await walletTestApp({ TRANSFER_DEADLINE_SECONDS: '30' });
    shop = await merchantWithToken(t);
    dana = await readyAccount(t, 'dana', (command) => {
      if (command.type !== 'transfer') return undefined;
      sent.push(command);
      return transfersSucceed ? undefined : { ok: false, errorCode: 'outcome_unknown' };
    });
    refunder = merchantApi(t.app, (await createApiTokenAs(shop.console, ['refunds:write', 'payments:read'])).secret);
    operator = api(t.app, t.admin.headers as Parameters<typeof api>[1]);
    await fundMerchant(t, shop.merchantId, dana.account.id, 500_000n);
  });
  afterAll(() => t.close());

  it('charging the merchant takes the refunded part of the session again, so it cannot be refunded twice', async () => {
    const { session, reportPaid } = await refundPaidAfterRelease('40000');
    const exception = await reportPaid();
    const charged = await operator.post(`/payout-exceptions/${exception}/charge-merchant`, { note: 'Customer has it' });
    expect(charged.statusCode, charged.body).toBe(204);
    expect(await refundedOf(session.id)).toBe('40000');
    const again = await refund(session.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('REFUND_EXCEEDS_PAYMENT');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses to charge a refund whose session was refunded again meanwhile, and changes nothing', async () => {
    const { session, reportPaid } = await refundPaidAfterRelease('30000');
    transfersSucceed = true;
    const second = await refund(session.id);
    expect(second.statusCode, second.body).toBe(201);
    await eventually(async () => ((await statusOf(second.json().id)) === 'success' ? true : null));
    transfersSucceed = false;
    const exception = await reportPaid();
    const before = await available();
    const charged = await operator.post(`/payout-exceptions/${exception}/charge-merchant`, { note: 'Customer has it' });
    expect(charged.statusCode).toBe(422);
    expect(charged.json().error).toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT' });
    expect(charged.json().error.message).toContain('refunded again');
    expect(await available()).toBe(before);
    expect(await refundedOf(session.id)).toBe('30000');
    const open = (await operator.get('/payout-exceptions?awaitingReview=true')).json().items as { id: string }[];
    expect(open.map((item) => item.id)).toContain(exception);
    const writtenOff = await operator.post(`/payout-exceptions/${exception}/write-off`, { note: 'Paid twice' });
    expect(writtenOff.statusCode).toBe(204);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lets exactly one of a charge and a new refund racing for the same part through', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { session, refunded, reportPaid } = await refundPaidAfterRelease('25000');
      const exception = await reportPaid();
      const [charged, again] = await Promise.all([
        operator.post(`/payout-exceptions/${exception}/charge-merchant`, { note: 'Customer has it' }),
        refund(session.id),
      ]);
      // Either the charge won (the new refund is refused) or the new refund did (the charge is).
      expect([
        [204, 422],
        [422, 201],
      ]).toContainEqual([charged.statusCode, again.statusCode]);
      // The winner holds the part; the ledger check proves nothing holds it twice.
      if (charged.statusCode === 204) expect(await refundedOf(session.id)).toBe(refunded);
      else expect(again.json().amount).toBe(refunded);
      expect(await ledgerViolations(t.database.db)).toEqual([]);
    }
  });
});
