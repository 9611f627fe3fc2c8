import {
  CURRENCY_OF_PROVIDER,
  createWallet,
  enableWallet,
  getWalletLogin,
  listWallets,
  listWalletsResponseSchema,
  runWalletChecks,
  runWalletChecksResponseSchema,
  startWalletLogin,
  submitWalletOtp,
  type WalletAccount,
  type WalletProvider,
  walletAccountSchema,
  walletLoginFlowResponseSchema,
  walletLoginResponseSchema,
} from '@gerbang/contract';
import type { Fleet } from '../fleet';
import { type ApiAuth, createGerbangApi } from '../gerbang-api';
import type { Logger } from '../logger';
import { createRandom, randomInt } from '../prng';

/** The demo's accounts: three per provider on the first phones; the last Maya one is left for the operator to sign in. */
const DEMO_ACCOUNTS: { provider: WalletProvider; accountNumber: string; holderName: string; label: string }[] = [
  { provider: 'dana', accountNumber: '081200000001', holderName: 'Siti Rahma', label: 'DANA Jakarta 1' },
  { provider: 'dana', accountNumber: '081200000002', holderName: 'Agus Pratama', label: 'DANA Jakarta 2' },
  { provider: 'dana', accountNumber: '081200000003', holderName: 'Dewi Lestari', label: 'DANA Bandung' },
  { provider: 'livin', accountNumber: '1300000000001', holderName: 'Bambang Wijaya', label: 'Mandiri Ops 1' },
  { provider: 'livin', accountNumber: '1300000000002', holderName: 'Rina Kusuma', label: 'Mandiri Ops 2' },
  { provider: 'livin', accountNumber: '1300000000003', holderName: 'Hendra Saputra', label: 'Mandiri Flaky' },
  { provider: 'maya', accountNumber: '09170000001', holderName: 'Juan Dela Cruz', label: 'Maya Manila 1' },
  { provider: 'maya', accountNumber: '09170000002', holderName: 'Maria Santos', label: 'Maya Cebu' },
  { provider: 'maya', accountNumber: '09170000003', holderName: 'Jose Reyes', label: 'Maya (sign me in)' },
];
const LEFT_SIGNED_OUT = '09170000003';
const FLAKY = '1300000000003';
const CREDENTIALS: Record<WalletProvider, Record<string, string>> = {
  dana: { pin: '246810' },
  livin: { password: 'demo-livin-password', mpin: '135790' },
  maya: { password: 'demo-maya-password', mpin: '2468' },
};
const PAYERS = ['Budi Santoso', 'Ani Wijaya', 'Rudi Hartono', 'Lina Marlina', 'Ana Cruz', 'Mark Bautista'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Puts money accounts on the demo's simulated phones and keeps money moving: signs them in with the
 * OTP each phone receives, runs their checks, lets one Mandiri account fail until it is
 * auto-disabled, and has customers pay in every few seconds. Returns a stop function.
 */
export async function playWalletDemo(options: {
  server: string;
  auth: ApiAuth;
  fleet: Fleet;
  logger: Logger;
  /** Random customers paying in with no session behind them; 0: none (the payment demo pays instead). */
  transferEveryMs?: number;
}): Promise<() => void> {
  const { fleet, logger } = options;
  const api = createGerbangApi(options.server, options.auth);
  const accounts: WalletAccount[] = [];
  for (const [index, spec] of DEMO_ACCOUNTS.entries()) {
    const device = fleet.devices[index % fleet.devices.length];
    if (!device) break;
    const found = await api.request(listWallets, listWalletsResponseSchema, {
      query: { provider: spec.provider, q: spec.accountNumber, limit: '1' },
    });
    accounts.push(
      found.items[0] ??
        (await api.request(createWallet, walletAccountSchema, {
          body: { ...spec, deviceId: device.deviceId, credentials: CREDENTIALS[spec.provider] },
        })),
    );
  }

  const signIn = async (account: WalletAccount) => {
    const params = { id: account.id };
    await api.request(startWalletLogin, walletLoginFlowResponseSchema, { params, body: {} });
    for (let waited = 0; waited < 60_000; waited += 250) {
      const { flow } = await api.request(getWalletLogin, walletLoginResponseSchema, { params });
      if (flow?.status === 'awaiting_otp') {
        const otp = fleet.wallets.lastOtp(account.id)?.otp;
        if (!otp) break;
        await api.request(submitWalletOtp, walletLoginFlowResponseSchema, { params, body: { otp } });
      } else if (flow && flow.status !== 'running') {
        return flow.status === 'succeeded';
      }
      await sleep(250);
    }
    return false;
  };

  // A demo run again over the same data folder finds its accounts signed out (the simulated phones
  // start fresh) and, if the last run's checks failed meanwhile, auto-disabled: bring them back.
  for (const [index, account] of accounts.entries()) {
    if (account.status !== 'auto_disabled' || account.accountNumber === FLAKY) continue;
    accounts[index] = await api.request(enableWallet, walletAccountSchema, { params: { id: account.id } });
  }
  const toSignIn = accounts.filter((a) => a.status === 'active' && a.accountNumber !== LEFT_SIGNED_OUT);
  // An account whose phone is not in this run (fewer DEMO_DEVICES than last time) stays signed out.
  const signedIn = await Promise.all(toSignIn.map((account) => signIn(account).catch(() => false)));
  logger.info(
    `[demo] signed ${signedIn.filter(Boolean).length} wallet accounts in with the OTPs their phones received`,
  );
  const live = accounts.filter((a) => a.accountNumber !== LEFT_SIGNED_OUT && a.status === 'active');
  for (const type of ['wallet', 'get_qr_code'] as const) {
    await api.request(runWalletChecks, runWalletChecksResponseSchema, {
      body: { accountIds: live.map((a) => a.id), type },
    });
  }

  // One Mandiri account's app keeps crashing on balance reads: three failures auto-disable it.
  const flaky = accounts.find((a) => a.accountNumber === FLAKY);
  let stopped = false;
  if (flaky?.status === 'active') {
    fleet.wallets.injectFault({ kind: 'app_crashed', accountId: flaky.id, on: 'get_balance', times: 'always' });
    void (async () => {
      for (let attempt = 0; attempt < 3 && !stopped; attempt += 1) {
        await sleep(8_000);
        await api
          .request(runWalletChecks, runWalletChecksResponseSchema, {
            body: { accountIds: [flaky.id], type: 'get_balance' },
          })
          .catch(() => {});
      }
      await sleep(3_000);
      fleet.wallets.clearFaults();
      logger.info('[demo] "Mandiri Flaky" failed three balance checks and was auto-disabled; enable it from its page');
    })();
  }

  const everyMs = options.transferEveryMs ?? 7_000;
  const stopPayIns = everyMs > 0 ? startRandomPayIns(fleet, logger, everyMs) : () => {};

  logger.info(
    `[demo] ${accounts.length} wallet accounts on the simulated phones (DANA, Livin', Maya); "Maya (sign me in)" waits for you: start its login and type the code printed here`,
  );
  return () => {
    stopped = true;
    stopPayIns();
  };
}

/** Customers paying into signed-in accounts with no payment session behind them. */
function startRandomPayIns(fleet: Fleet, logger: Logger, everyMs: number): () => void {
  const random = createRandom(42);
  const payIn = setInterval(() => {
    const candidates = fleet.wallets.accounts().filter((a) => a.loggedIn);
    const target = candidates[randomInt(random, 0, candidates.length - 1)];
    if (!target) return;
    const amount =
      CURRENCY_OF_PROVIDER[target.provider] === 'PHP'
        ? `${randomInt(random, 100, 5_000)}.${String(randomInt(random, 0, 99)).padStart(2, '0')}`
        : String(randomInt(random, 10, 500) * 1000);
    const payer = PAYERS[randomInt(random, 0, PAYERS.length - 1)] as string;
    fleet.wallets.deliverTransfer(target.id, { amount, counterpartyName: payer, note: 'demo customer' });
    logger.info(`[demo] ${payer} paid ${amount} into ${target.provider.toUpperCase()} ${target.accountNumber}`);
  }, everyMs);
  payIn.unref();
  return () => clearInterval(payIn);
}
