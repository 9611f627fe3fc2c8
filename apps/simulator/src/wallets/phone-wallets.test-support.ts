import type { Command } from '@gerbang/contract';
import { silentLogger } from '../logger';
import { createRandom } from '../prng';
import { FaultBook } from './faults';
import { PhoneWallets } from './phone-wallets';

/** One DANA account on a simulated phone, its wallet apps and how to sign in to them. */
export const account = { id: 'acc-1', provider: 'dana' as const, accountNumber: '081234567890' };
export type WalletCommand = Exclude<Command, { type: 'health-check' }>;

export function phone(options: { otpTtlSeconds?: number; faults?: FaultBook } = {}) {
  const wallets = new PhoneWallets({
    deviceName: 'sim-001',
    deviceId: () => 'device-1',
    random: createRandom(7),
    logger: silentLogger,
    faults: options.faults ?? new FaultBook(),
    destinations: new Map([['1234567890', 'PT TOKO MAJU']]),
    otpTtlSeconds: options.otpTtlSeconds,
  });
  wallets.setAccounts([account]);
  return wallets;
}

let nextId = 0;
/** A command id no other command of the run has. */
export const nextCommandId = () => `c${++nextId}`;
export const login = (step: 0 | 1 | 2 | 3 | 4, extra: Record<string, unknown> = {}): WalletCommand => ({
  id: nextCommandId(),
  type: 'wallet-login',
  deadlineAt: new Date(Date.now() + 60_000).toISOString(),
  payload: { account, step, ...extra },
});

export function signIn(wallets: PhoneWallets) {
  for (const step of [0, 1, 2, 3] as const)
    wallets.handle(login(step, step === 1 ? { credentials: { pin: '123456' } } : {}));
  const code = wallets.lastOtp(account.id)?.otp;
  return wallets.handle(login(4, { otp: code }));
}
