import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { eventually, type FleetTestApp } from '../agents/agents.test-support';
import { ledgerViolations } from '../ledger/ledger-invariants';
import { queuedTransfer, readyAccount } from '../payment-sessions/payment-sessions.test-support';
import type { WalletCommand } from '../wallets/wallets.test-support';
import { TEST_HOLDER_NAME, walletTestApp } from '../wallets/wallets.test-support';
import { reportPaidAfterRelease, SENDER_PHONE } from './refunds.test-support';

type Transfer = Extract<WalletCommand, { type: 'transfer' }>;

/**
 * A return whose send was uncertain, released by an operator as not paid (the transfer waits in the
 * queue again), then reported paid by its phone after all: the sender has the money, so the
 * transfer must never be paid out a second time, whichever comes first.
 */
describe('returns paid after an operator released them', () => {
  let t: FleetTestApp;
  let dana: Awaited<ReturnType<typeof readyAccount>>;
  let operator: ReturnType<typeof api>;
  const sent: Transfer[] = [];

  const statusOf = async (id: string) => (await operator.get(`/withdrawal-requests/${id}`)).json().status as string;
  const waiting = async (id: string) =>
    (await operator.get('/transactions?awaitingReview=true&limit=100'))
      .json()
      .items.some((item: { id: string }) => item.id === id);

  /** A return of a fresh unmatched transfer, released on an operator's word; the phone's late word. */
  async function returnPaidAfterRelease(amount: string) {
    const transfer = await queuedTransfer(
      dana.phone,
      dana.account.id,
      operator,
      amount,
      TEST_HOLDER_NAME,
      SENDER_PHONE,
    );
    expect((await operator.post(`/transactions/${transfer.id}/return`, { note: 'Wrong shop' })).statusCode).toBe(204);
    const listed = (await operator.get('/transactions?outcome=unmatched&limit=100'))
      .json()
      .items.find((item: { id: string }) => item.id === transfer.id);
    const id = listed.returnWithdrawal.id as string;
    await eventually(async () => ((await statusOf(id)) === 'uncertain' ? true : null));
    const command = sent.find((c) => c.payload.amount === amount);
    const released = await operator.post(`/withdrawal-requests/${id}/reconcile`, {
      outcome: 'not_paid',
      note: 'Not in the app yet',
    });
    expect(released.json().status).toBe('failed');
    expect(await waiting(transfer.id)).toBe(true);
    return {
      transfer,
      reportPaid: () => reportPaidAfterRelease(dana.phone, operator, command?.id, id),
    };
  }

  beforeAll(async () => {
    t = await walletTestApp({ TRANSFER_DEADLINE_SECONDS: '30' });
    dana = await readyAccount(t, 'dana', (command) => {
      if (command.type !== 'transfer') return undefined;
      sent.push(command);
      // The phone cannot tell whether a transfer left.
      return { ok: false, errorCode: 'outcome_unknown' };
    });
    operator = api(t.app, t.admin.headers as Parameters<typeof api>[1]);
  });
  afterAll(() => t.close());

  it('charging it resolves the transfer returned again, paid by suspense, so it is never paid out twice', async () => {
    const { transfer, reportPaid } = await returnPaidAfterRelease('31000');
    const exception = await reportPaid();
    const charged = await operator.post(`/payout-exceptions/${exception}/charge-merchant`, { note: 'Sender has it' });
    expect(charged.statusCode, charged.body).toBe(204);
    expect(await waiting(transfer.id)).toBe(false);
    expect((await operator.post(`/transactions/${transfer.id}/return`, { note: 'again' })).statusCode).toBe(409);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses to charge a return whose transfer was resolved otherwise meanwhile; it can be written off', async () => {
    const { transfer, reportPaid } = await returnPaidAfterRelease('32000');
    expect(
      (await operator.post(`/transactions/${transfer.id}/refunded-outside`, { note: 'Sent by bank' })).statusCode,
    ).toBe(204);
    const exception = await reportPaid();
    const charged = await operator.post(`/payout-exceptions/${exception}/charge-merchant`, { note: 'Sender has it' });
    expect(charged.statusCode).toBe(409);
    expect(charged.json().error.message).toContain('resolved otherwise');
    expect((await operator.post(`/payout-exceptions/${exception}/write-off`, { note: 'Paid twice' })).statusCode).toBe(
      204,
    );
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses any other resolution of the transfer while that exception waits, so the sender is never paid twice', async () => {
    const { transfer, reportPaid } = await returnPaidAfterRelease('34000');
    await reportPaid();
    for (const [action, body] of [
      ['return', { note: 'Try again' }],
      ['refunded-outside', { note: 'Sent by bank' }],
    ] as const) {
      const refused = await operator.post(`/transactions/${transfer.id}/${action}`, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('reported paid after its release');
    }
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lets a charge through and refuses a new return racing it for the same transfer', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { transfer, reportPaid } = await returnPaidAfterRelease(String(35000 + round));
      const exception = await reportPaid();
      const [charged, again] = await Promise.all([
        operator.post(`/payout-exceptions/${exception}/charge-merchant`, { note: 'Sender has it' }),
        operator.post(`/transactions/${transfer.id}/return`, { note: 'Try again' }),
      ]);
      expect([charged.statusCode, again.statusCode]).toEqual([204, 409]);
      expect(await ledgerViolations(t.database.db)).toEqual([]);
    }
  });
});
