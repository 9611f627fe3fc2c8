import { randomUUID } from 'node:crypto';
import {
  apiTokenWithSecretSchema,
  approveWithdrawalRequest,
  createApiToken,
  createPayoutMethod,
  createWithdrawalRequest,
  executeWithdrawalRequest,
  getWithdrawal,
  listPayoutMethods,
  listPayoutMethodsResponseSchema,
  type PayoutMethod,
  payoutMethodSchema,
  reconcileWithdrawal,
  withdrawalDetailSchema,
} from '@gerbang/contract';
import type { Fleet } from '../fleet';
import { type ApiAuth, createGerbangApi } from '../gerbang-api';
import type { Logger } from '../logger';
import { createRandom, randomInt } from '../prng';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CUSTOMERS = ['Budi Santoso', 'Ani Wijaya', 'Rudi Hartono', 'Lina Marlina'];
/** Toko Demo's own bank account, where its settlements go. */
const DEMO_PAYOUT_ACCOUNT = '8610023456';

/** The demo shop's token for paying customers (created once, through the merchant console's API). */
export async function createDemoPayoutToken(server: string, merchant: ApiAuth): Promise<string> {
  const token = await createGerbangApi(server, merchant).request(createApiToken, apiTokenWithSecretSchema, {
    body: { name: 'Demo shop payouts', scopes: ['withdrawals:write', 'withdrawals:read', 'balance:read'] },
  });
  return token.secret;
}

/**
 * Money out, in the demo: Toko Demo keeps a verified payout method (a phone asks the bank whose it
 * is) and takes part of its balance out now and then (requested by the merchant user, approved and
 * sent by the demo Admin, paid by a simulated phone); its checkout pays customers through
 * `/v1/withdrawals`, each confirmed on the /withdraw page's API as a customer would (one in four
 * cancels). The first settlement's phone "loses" the outcome after sending (fault
 * silent_after_send): it goes uncertain and is settled from the account's history. The second's app
 * crashes after sending and the Admin says "not paid" too soon: a payout exception. Someone also
 * uses a phone by hand once: an outgoing transfer no withdrawal claims. Returns a stop function.
 */
export function playPayoutDemo(options: {
  server: string;
  admin: ApiAuth;
  merchant: ApiAuth;
  /** A token with withdrawals:write and withdrawals:read. */
  payoutToken: string;
  fleet: Fleet;
  logger: Logger;
  everyMs?: number;
}): () => void {
  const { logger, fleet } = options;
  const admin = createGerbangApi(options.server, options.admin);
  const merchant = createGerbangApi(options.server, options.merchant);
  const random = createRandom(11);
  let stopped = false;
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, options.server), init);
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = (body as { error?: { code?: string } } | null)?.error?.code ?? '';
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${code}`);
    }
    return body as Record<string, unknown>;
  };
  const v1 = (path: string, body?: object) =>
    call(path, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${options.payoutToken}`,
        ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const until = async <T>(read: () => Promise<T | null>, ms: number): Promise<T | null> => {
    const end = Date.now() + ms;
    while (!stopped && Date.now() < end) {
      const value = await read().catch(() => null);
      if (value) return value;
      await sleep(1000);
    }
    return null;
  };

  async function payoutMethod(): Promise<PayoutMethod | null> {
    const listed = await merchant.request(listPayoutMethods, listPayoutMethodsResponseSchema);
    fleet.wallets.nameDestination(DEMO_PAYOUT_ACCOUNT, 'PT TOKO DEMO');
    let method = listed.items.find((m) => m.accountNumber === DEMO_PAYOUT_ACCOUNT);
    if (!method) {
      method = await merchant.request(createPayoutMethod, payoutMethodSchema, {
        body: {
          provider: 'bca',
          accountNumber: DEMO_PAYOUT_ACCOUNT,
          holderName: 'PT Toko Demo',
          label: 'Main account',
        },
      });
      logger.info('[demo] Toko Demo added its BCA payout method; a phone is asking the bank whose it is');
    }
    return until(async () => {
      const now = (await merchant.request(listPayoutMethods, listPayoutMethodsResponseSchema)).items.find(
        (m) => m.id === method?.id,
      );
      return now?.status === 'verified' ? now : null;
    }, 60_000);
  }

  let settlements = 0;
  async function settle(method: PayoutMethod) {
    const balance = await v1('/v1/balance').catch(() => null);
    const available = Number(balance?.available ?? 0);
    const amount = Math.min(randomInt(random, 50, 200) * 1000, Math.floor((available * 0.3) / 1000) * 1000);
    if (amount < 10_000) return;
    settlements += 1;
    if (settlements === 1) {
      // The phone sends it, then its outcome is lost: the server must not guess.
      fleet.wallets.injectFault({ kind: 'silent_after_send', on: 'send_transfer', times: 'next' });
    }
    if (settlements === 2) {
      // The app crashes after sending, and only its history will show the transfer.
      fleet.wallets.injectFault({ kind: 'crash_after_send_unseen', on: 'send_transfer', times: 'next' });
    }
    const request = await merchant.request(createWithdrawalRequest, withdrawalDetailSchema, {
      body: { payoutMethodId: method.id, amount: String(amount), note: 'Weekly settlement' },
    });
    logger.info(
      `[demo] Toko Demo requested a settlement ${request.referenceNumber} of ${amount}: it waits for approval`,
    );
    await sleep(8_000);
    await admin.request(approveWithdrawalRequest, withdrawalDetailSchema, { params: { id: request.id } });
    await sleep(4_000);
    await admin.request(executeWithdrawalRequest, withdrawalDetailSchema, { params: { id: request.id }, body: {} });
    logger.info(
      settlements === 1
        ? `[demo] ${request.referenceNumber} approved and sent; its phone will not report back: watch it go uncertain, then settle from the account's history`
        : `[demo] ${request.referenceNumber} approved and sent through a phone`,
    );
    if (settlements === 2) await releaseTooSoon(request.id, request.referenceNumber);
  }

  /**
   * An operator's mistake the server catches: the demo Admin says "not paid" the moment the
   * settlement is uncertain, before the phone's history was read. When the history shows the
   * transfer, the money that left is queued as a payout exception (admin console → Transaction),
   * for an Admin to charge the merchant or write off.
   */
  async function releaseTooSoon(id: string, reference: string) {
    const uncertain = await until(async () => {
      const now = await admin.request(getWithdrawal, withdrawalDetailSchema, { params: { id } });
      return now.status === 'uncertain' ? now : null;
    }, 30_000);
    if (!uncertain) return;
    await admin
      .request(reconcileWithdrawal, withdrawalDetailSchema, {
        params: { id },
        body: { outcome: 'not_paid', note: 'Not in the app yet (demo: too soon)' },
      })
      .then(() =>
        logger.info(
          `[demo] ${reference}: the Admin said "not paid" before the history was read; the transfer it shows goes to the payout exceptions (admin console → Transaction)`,
        ),
      )
      .catch((error: Error) => logger.info(`[demo] ${reference}: "not paid" was refused (${error.message})`));
  }

  /** Someone uses a phone's DANA app by hand: money leaves that no withdrawal asked for. */
  function sendByHand() {
    const account = fleet.wallets.accounts().find((a) => a.provider === 'dana' && a.loggedIn);
    if (!account) return;
    fleet.wallets.deliverTransfer(account.id, {
      amount: '25000',
      direction: 'out',
      counterpartyName: 'Pulsa top-up',
      counterpartyAccount: '081299990000',
      note: 'by hand',
    });
    logger.info(
      `[demo] someone sent 25000 from DANA ${account.accountNumber} by hand: it is queued as an outgoing transfer no withdrawal claims (admin console → Transaction)`,
    );
  }

  let payouts = 0;
  /**
   * A payout whose holder the merchant named differently from the bank: Toko Demo's policy is to hold
   * it, so it waits in the admin console (Withdrawal Request → status Name review) with both names.
   */
  async function heldForItsName() {
    payouts += 1;
    const accountNumber = `0021${randomInt(random, 100_000, 999_999)}01`;
    fleet.wallets.nameDestination(accountNumber, 'PT TOKO MAJU');
    const created = await v1('/v1/withdrawals', {
      referenceNumber: `PAYOUT-${Date.now().toString(36).toUpperCase()}-${payouts}`,
      amount: '245000',
      provider: 'bri',
      accountNumber,
      holderName: 'Walk Tester',
      customer: { name: 'Walk Tester' },
    });
    logger.info(
      `[demo] ${String(created.referenceNumber)}: the bank names the holder PT TOKO MAJU, Toko Demo said Walk Tester: held for an operator (admin console → Withdrawal Request, Name review)`,
    );
  }

  async function payCustomer() {
    payouts += 1;
    const customer = CUSTOMERS[randomInt(random, 0, CUSTOMERS.length - 1)] as string;
    // A DANA wallet (a mobile number) or a BRI account (digits), whose holder the bank names.
    const toWallet = random() < 0.5;
    const accountNumber = toWallet
      ? `0812${randomInt(random, 1_000_000, 9_999_999)}`
      : `0021${randomInt(random, 100_000, 999_999)}01`;
    fleet.wallets.nameDestination(accountNumber, customer.toUpperCase());
    const created = await v1('/v1/withdrawals', {
      referenceNumber: `PAYOUT-${Date.now().toString(36).toUpperCase()}-${payouts}`,
      amount: String(randomInt(random, 10, 80) * 1000),
      provider: toWallet ? 'dana' : 'bri',
      accountNumber,
      holderName: customer,
      customer: { name: customer },
    }).catch((error: Error) => {
      logger.warn(`[demo] a customer payout was refused: ${error.message}`);
      return null;
    });
    if (!created) return;
    const id = String(created.id);
    const verified = await until(async () => {
      const view = await call(`/public/withdrawals/${id}`);
      return view.status === 'awaiting_confirmation' ? view : null;
    }, 60_000);
    if (!verified) return;
    await sleep(randomInt(random, 3_000, 10_000));
    if (random() < 0.25) {
      await call(`/public/withdrawals/${id}/cancel`, { method: 'POST' });
      logger.info(`[demo] ${customer} cancelled the payout ${String(created.referenceNumber)} on the withdraw page`);
      return;
    }
    await call(`/public/withdrawals/${id}/confirm`, { method: 'POST' }).catch(() => null);
    logger.info(
      `[demo] ${customer} confirmed the payout ${String(created.referenceNumber)} (${String(created.withdrawUrl)})`,
    );
  }

  void (async () => {
    // Let deposits build a balance first.
    await sleep(40_000);
    const method = await payoutMethod().catch((error: Error) => {
      logger.warn(`[demo] payout method: ${error.message}`);
      return null;
    });
    let round = 0;
    while (!stopped) {
      round += 1;
      if (round === 2) sendByHand();
      if (round % 6 === 1)
        await heldForItsName().catch((error: Error) => logger.warn(`[demo] held payout: ${error.message}`));
      if (method && round % 3 === 1)
        await settle(method).catch((error: Error) => logger.warn(`[demo] settlement: ${error.message}`));
      await payCustomer().catch((error: Error) => logger.warn(`[demo] customer payout: ${error.message}`));
      await sleep(options.everyMs ?? 25_000);
    }
  })();
  return () => {
    stopped = true;
  };
}
