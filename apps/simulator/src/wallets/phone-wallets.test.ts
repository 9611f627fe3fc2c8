import { describe, expect, it } from 'vitest';
import { FaultBook } from './faults';
import type { PhoneWallets } from './phone-wallets';
import { account, login, nextCommandId, phone, signIn, type WalletCommand } from './phone-wallets.test-support';

const check = (checkType: 'get_balance' | 'transfer' | 'transaction_history' | 'get_qr_code'): WalletCommand => ({
  id: nextCommandId(),
  type: 'wallet-check',
  deadlineAt: new Date(Date.now() + 60_000).toISOString(),
  payload: { account, checkType },
});

const inquiry = (accountNumber: string): WalletCommand => ({
  id: nextCommandId(),
  type: 'account-inquiry',
  deadlineAt: new Date(Date.now() + 60_000).toISOString(),
  payload: { account, destination: { provider: 'bca', accountNumber } },
});
const send = (transferId: string, amount: string, accountNumber = '1234567890'): WalletCommand => ({
  id: nextCommandId(),
  type: 'transfer',
  deadlineAt: new Date(Date.now() + 60_000).toISOString(),
  payload: {
    account,
    transferId,
    amount,
    destination: { provider: 'bca', accountNumber, holderName: 'PT TOKO MAJU' },
    note: 'WD-1',
  },
});
const balanceOf = (wallets: PhoneWallets) => BigInt(wallets.list()[0]?.balance as string);

describe('a simulated phone’s wallet apps', () => {
  it('sign in with the code the provider sent by SMS, after which checks answer', () => {
    const wallets = phone();
    expect(wallets.handle(check('get_balance'))).toMatchObject({ ok: false, errorCode: 'not_logged_in' });
    expect(signIn(wallets)).toEqual({ kind: 'result', ok: true, data: {} });
    expect(wallets.lastOtp(account.id)).toBeNull();
    expect(wallets.handle(check('get_balance'))).toMatchObject({
      ok: true,
      data: { balance: expect.stringMatching(/^\d+$/) },
    });
    expect(wallets.handle(check('get_qr_code'))).toMatchObject({
      ok: true,
      data: { qr: expect.stringMatching(/^000201/) },
    });
  });

  it('refuse a wrong code and an expired one with the reasons the server acts on', () => {
    const wallets = phone({ otpTtlSeconds: 30 });
    for (const step of [0, 1, 2, 3] as const)
      wallets.handle(login(step, step === 1 ? { credentials: { pin: '1' } } : {}));
    const code = wallets.lastOtp(account.id)?.otp as string;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(wallets.handle(login(4, { otp: wrong }))).toMatchObject({ ok: false, errorCode: 'wrong_otp' });
    const realNow = Date.now;
    Date.now = () => realNow() + 31_000;
    try {
      expect(wallets.handle(login(4, { otp: code }))).toMatchObject({ ok: false, errorCode: 'otp_expired' });
    } finally {
      Date.now = realNow;
    }
  });

  it('cannot ask for a code before the credentials were saved on the phone', () => {
    expect(phone().handle(login(3))).toMatchObject({ ok: false, errorCode: 'wrong_credentials' });
  });

  it('play an armed fault once, or every time until cleared', () => {
    const faults = new FaultBook();
    const wallets = phone({ faults });
    signIn(wallets);
    faults.add({ kind: 'app_crashed', accountId: account.id, on: 'get_balance' });
    expect(wallets.handle(check('get_balance'))).toMatchObject({ ok: false, errorCode: 'app_crashed' });
    expect(wallets.handle(check('get_balance'))).toMatchObject({ ok: true });
    faults.add({ kind: 'timeout', times: 'always' });
    expect(wallets.handle(check('transfer'))).toEqual({ kind: 'silent' });
    expect(wallets.handle(check('transfer'))).toEqual({ kind: 'silent' });
    faults.clear();
    faults.add({ kind: 'refuse', device: 'sim-001' });
    expect(wallets.handle(check('transfer'))).toMatchObject({ kind: 'refuse' });
  });

  it('a wrong-code fault waits for the Verify OTP step; an expired session signs the app out', () => {
    const faults = new FaultBook();
    const wallets = phone({ faults });
    faults.add({ kind: 'wrong_otp' });
    expect(signIn(wallets)).toMatchObject({ ok: false, errorCode: 'wrong_otp' });
    expect(signIn(wallets)).toMatchObject({ ok: true });
    faults.add({ kind: 'session_expired' });
    expect(wallets.handle(check('get_balance'))).toMatchObject({ ok: false, errorCode: 'session_expired' });
    expect(wallets.handle(check('get_balance'))).toMatchObject({ ok: false, errorCode: 'not_logged_in' });
  });

  it('keep transfers until the app is signed in and the server has them, and move the balance', () => {
    const wallets = phone();
    const before = BigInt(wallets.list()[0]?.balance as string);
    const transfer = wallets.deliverTransfer(account.id, { amount: '150000', counterpartyName: 'Budi' });
    expect(transfer).toMatchObject({ direction: 'in', amount: '150000', counterpartyName: 'Budi' });
    expect(BigInt(wallets.list()[0]?.balance as string)).toBe(before + 150_000n);
    expect(wallets.dueReports()).toEqual([]);
    signIn(wallets);
    expect(wallets.dueReports()).toEqual([{ accountId: account.id, transactions: [transfer] }]);
    wallets.reported(account.id, [transfer]);
    expect(wallets.dueReports()).toEqual([]);
    expect(wallets.handle(check('transaction_history'))).toMatchObject({
      ok: true,
      data: { transactions: [transfer] },
    });
  });

  it('name a destination’s holder, and say when the bank knows no such account', () => {
    const wallets = phone();
    signIn(wallets);
    expect(wallets.handle(inquiry('1234567890'))).toEqual({
      kind: 'result',
      ok: true,
      data: { holderName: 'PT TOKO MAJU' },
    });
    expect(wallets.handle(inquiry('5555000000'))).toMatchObject({ ok: false, errorCode: 'account_not_found' });
  });

  it('send a transfer once per transferId: a repeat answers the first outcome and moves nothing', () => {
    const wallets = phone();
    signIn(wallets);
    wallets.deliverTransfer(account.id, { amount: '500000' });
    const before = balanceOf(wallets);
    const first = wallets.handle(send('t-1', '100000'));
    expect(first).toMatchObject({ ok: true, data: { providerTransactionId: expect.any(String) } });
    expect(wallets.handle(send('t-1', '100000'))).toEqual(first);
    expect(balanceOf(wallets)).toBe(before - 100_000n);
    const history = wallets.handle(check('transaction_history'));
    // Newest first: the transfer out, above the money that came in.
    expect(history).toMatchObject({ ok: true, data: { transactions: [{ direction: 'out' }, { direction: 'in' }] } });
    expect((history as unknown as { data: { transactions: object[] } }).data.transactions[0]).toMatchObject({
      amount: '100000',
      counterpartyAccount: '1234567890',
      note: 'WD-1',
    });
  });

  it('refuse a transfer before sending (balance, destination), and hide the outcome after sending when told to', () => {
    const faults = new FaultBook();
    const wallets = phone({ faults });
    signIn(wallets);
    wallets.deliverTransfer(account.id, { amount: '200000' });
    const before = balanceOf(wallets);
    expect(wallets.handle(send('t-2', '99999999'))).toMatchObject({ ok: false, errorCode: 'insufficient_funds' });
    expect(wallets.handle(send('t-3', '1000', '7777770000'))).toMatchObject({ errorCode: 'destination_invalid' });
    expect(balanceOf(wallets)).toBe(before);
    faults.add({ kind: 'crash_after_send' });
    expect(wallets.handle(send('t-4', '5000'))).toMatchObject({ ok: false, errorCode: 'app_crashed' });
    expect(balanceOf(wallets)).toBe(before - 5_000n);
    faults.add({ kind: 'silent_after_send' });
    expect(wallets.handle(send('t-5', '7000'))).toEqual({ kind: 'silent' });
    expect(wallets.handle(send('t-5', '7000'))).toEqual({ kind: 'silent' });
    expect(balanceOf(wallets)).toBe(before - 12_000n);
  });

  it('refuse transfers that are not exact amounts, not positive, or more than the balance', () => {
    const wallets = phone();
    expect(() => wallets.deliverTransfer(account.id, { amount: '10.5' })).toThrow(/amount/);
    expect(() => wallets.deliverTransfer(account.id, { amount: '0' })).toThrow(/more than zero/);
    expect(() => wallets.deliverTransfer(account.id, { amount: '999999999999', direction: 'out' })).toThrow(/balance/);
    expect(() => wallets.deliverTransfer('nope', { amount: '1' })).toThrow(/not on sim-001/);
  });

  it('forget accounts the server no longer lists and keep the state of the others', () => {
    const wallets = phone();
    signIn(wallets);
    wallets.setAccounts([account, { id: 'acc-2', provider: 'maya', accountNumber: '09171234567' }]);
    expect(wallets.list().map((a) => [a.id, a.loggedIn])).toEqual([
      ['acc-1', true],
      ['acc-2', false],
    ]);
    wallets.setAccounts([]);
    expect(wallets.list()).toEqual([]);
    expect(wallets.handle(check('get_balance'))).toMatchObject({ kind: 'refuse' });
  });
});
