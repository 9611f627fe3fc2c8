import { randomUUID } from 'node:crypto';
import {
  type ApiTokenWithSecret,
  apiTokenWithSecretSchema,
  createApiToken,
  type DepositView,
  depositViewSchema,
  inviteUser,
  listUsers,
  listUsersResponseSchema,
  type PaymentSession,
  payeeAccountOf,
  paymentSessionSchema,
  ROLE,
  resendActivation,
  userSchema,
  type WalletProvider,
} from '@gerbang/contract';
import type { Fleet } from '../fleet';
import { type ApiAuth, createGerbangApi } from '../gerbang-api';
import type { Logger } from '../logger';
import { createRandom, randomInt } from '../prng';
import { receiptPng } from './receipt-image';

const CUSTOMERS = ['Budi Santoso', 'Ani Wijaya', 'Rudi Hartono', 'Lina Marlina', 'Sari Dewi', 'Eko Prasetyo'];

/**
 * The demo merchant's own user and API token: the user is invited by the demo Admin and activated
 * with the link the server logs (no SMTP in the demo); the token is created through the merchant
 * console's API, as a merchant would. Returns what the demo prints and saves.
 */
export async function seedDemoMerchantAccess(options: {
  server: string;
  auth: ApiAuth;
  merchantId: string;
  email: string;
  /** Resolves with the activation link the server mails (logs) to `email`. */
  activationLinkTo: (email: string) => Promise<string>;
  password: string;
}): Promise<{ email: string; password: string; apiToken: string }> {
  const admin = createGerbangApi(options.server, options.auth);
  const found = await admin.request(listUsers, listUsersResponseSchema, { query: { q: options.email, limit: '1' } });
  const existing = found.items.find((user) => user.email === options.email);
  if (existing && existing.status !== 'invited') {
    throw new Error(`${options.email} exists but its password is not in the demo's credentials; use a new DATA_DIR`);
  }
  const link = options.activationLinkTo(options.email);
  // A run stopped before activating left the user invited: a new link replaces the old one.
  if (existing) await admin.request(resendActivation, userSchema, { params: { id: existing.id } });
  else {
    await admin.request(inviteUser, userSchema, {
      body: { email: options.email, name: 'Toko Demo Owner', roleId: ROLE.Merchant, merchantId: options.merchantId },
    });
  }
  const activationToken = new URL(await link).searchParams.get('token');
  const activated = await fetch(new URL('/auth/activate', options.server), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: activationToken, password: options.password }),
  });
  if (!activated.ok) throw new Error(`activating the demo merchant user failed (${activated.status})`);
  const owner = createGerbangApi(options.server, { email: options.email, password: options.password });
  const token: ApiTokenWithSecret = await owner.request(createApiToken, apiTokenWithSecretSchema, {
    body: { name: 'Demo shop server', scopes: ['payments:write', 'payments:read', 'balance:read', 'refunds:write'] },
  });
  return { email: options.email, password: options.password, apiToken: token.secret };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The account a demo customer pays from, as the receiving account's history names it: a DANA or
 * Maya mobile number, a Mandiri account number for Livin' (a refund goes back to it).
 */
function customerAccount(customer: string, provider: WalletProvider): string {
  const n = String(CUSTOMERS.indexOf(customer) + 1).padStart(2, '0');
  if (provider === 'maya') return `091700001${n}`;
  if (provider === 'livin') return `13700000001${n}`;
  return `08120000${n}01`;
}

/**
 * A shop's checkout, driven through the merchant API with the demo's API token: a new payment
 * session every few seconds; most customers pay the exact final amount (some press 'I Have
 * Transferred' first), a few pay after the time limit, some never pay, and now and then someone
 * sends an amount that matches nothing. Returns a stop function.
 */
export function playPaymentDemo(options: {
  server: string;
  apiToken: string;
  fleet: Fleet;
  logger: Logger;
  methods: WalletProvider[];
  everyMs?: number;
}): () => void {
  const { fleet, logger } = options;
  const random = createRandom(7);
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const later = (ms: number, run: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run().catch((error) => logger.warn(`[demo] ${(error as Error).message}`));
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, options.server), init);
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const code = (body as { error?: { code?: string } } | null)?.error?.code ?? '';
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${code}`);
    }
    return body;
  };
  const pay = (view: DepositView, customer: string, amount: string) => {
    const number = payeeAccountOf(view.instructions);
    const account = fleet.wallets.accounts().find((a) => a.accountNumber === number);
    if (!account) return;
    const from = customerAccount(customer, account.provider);
    // The provider knows the customer's account by their name (what a refund's inquiry answers).
    fleet.wallets.nameDestination(from, customer.toUpperCase());
    fleet.wallets.deliverTransfer(account.id, {
      amount,
      counterpartyName: customer,
      counterpartyAccount: from,
      note: view.referenceNumber,
    });
  };

  /**
   * The shop refunds part of its first paid session (one item was out of stock): the money goes
   * back to the account that paid, through a phone (merchant console → Transaction → the session).
   */
  let refunded = false;
  const refundPart = async (session: PaymentSession) => {
    if (refunded) return;
    refunded = true;
    const part = String(Math.floor(Number(session.amount) / 2000) * 1000);
    await call(`/v1/payment-sessions/${session.id}/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.apiToken}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ amount: part, reason: 'One item was out of stock' }),
    });
    logger.info(
      `[demo] Toko Demo refunded ${part} of ${session.referenceNumber} to the customer's account: merchant console → Transaction → the session → Refunds`,
    );
  };

  /**
   * A customer pays Toko Demo's invoice straight into an account, with no session: it waits in the
   * review queue for an operator to credit it (admin console → Transaction → Credit merchant).
   */
  const invoicePaidDirectly = (view: DepositView) => {
    const number = payeeAccountOf(view.instructions);
    const account = fleet.wallets.accounts().find((a) => a.accountNumber === number);
    if (!account) return;
    fleet.wallets.deliverTransfer(account.id, {
      amount: '1500000',
      counterpartyName: 'PT PELANGGAN SETIA',
      note: 'INV-2026-114',
    });
    logger.info(
      '[demo] PT Pelanggan Setia paid invoice INV-2026-114 (1,500,000) straight into an account, with no session: admin console → Transaction → Credit merchant',
    );
  };

  /**
   * Someone sends money to the wrong shop: an e-wallet transfer for no session, whose history names
   * the sender's account, so an operator can send it back through a phone.
   */
  const wrongShop = (view: DepositView) => {
    const number = payeeAccountOf(view.instructions);
    const account = fleet.wallets.accounts().find((a) => a.accountNumber === number);
    if (!account || account.provider === 'livin') return;
    const from = customerAccount('Rina Wulandari', account.provider);
    fleet.wallets.nameDestination(from, 'RINA WULANDARI');
    fleet.wallets.deliverTransfer(account.id, {
      amount: account.provider === 'maya' ? '777' : '77777',
      counterpartyName: 'Rina Wulandari',
      counterpartyAccount: from,
      note: 'salah kirim',
    });
    logger.info(
      `[demo] Rina Wulandari sent money to the wrong shop (${account.accountNumber}): admin console → Transaction → Send back to sender`,
    );
  };

  /** A customer tells the deposit page they paid (admin console → Transaction → Customer claims). */
  const claimPaid = async (session: PaymentSession, customer: string, sent: string) => {
    const json = { 'content-type': 'application/json' };
    await call(`/public/deposits/${session.id}/transferred`, { method: 'POST' });
    await call(`/public/deposits/${session.id}/claims`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        senderName: customer,
        sentAt: new Date().toISOString(),
        amount: sent,
        proof: receiptPng().toString('base64'),
      }),
    });
    logger.info(
      `[demo] ${customer} claims they paid ${session.referenceNumber}, with a screenshot: admin console → Transaction → Customer claims`,
    );
  };

  let counter = 0;
  const checkout = async () => {
    counter += 1;
    // This checkout's number, fixed now: the customer's steps run later, after other checkouts.
    const nth = counter;
    const method = options.methods[randomInt(random, 0, options.methods.length - 1)] as WalletProvider;
    // Toko Demo takes 10,000 and more.
    const amount = String(randomInt(random, 10, 250) * 1000);
    const customer = CUSTOMERS[randomInt(random, 0, CUSTOMERS.length - 1)] as string;
    const session: PaymentSession = paymentSessionSchema.parse(
      await call('/v1/payment-sessions', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiToken}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({
          referenceNumber: `DEMO-${Date.now().toString(36).toUpperCase()}-${nth}`,
          amount,
          method,
          customer: { name: customer },
        }),
      }),
    );
    const view = depositViewSchema.parse(await call(`/public/deposits/${session.id}`));
    if (view.status !== 'awaiting_payment') {
      logger.info(`[demo] ${session.referenceNumber}: no ${method} account could take it; the customer sees why`);
      return;
    }
    if (nth === 3) invoicePaidDirectly(view);
    if (nth === 5) wrongShop(view);
    // The fourth customer always sends 500 too much, so a near match waits in the queue early on;
    // the sixth always pays (twice).
    const roll = nth === 4 ? 0.85 : nth === 6 ? 0 : random();
    const delay = randomInt(random, 4_000, 20_000);
    if (roll < 0.7) {
      later(delay, async () => {
        if (random() < 0.5) await call(`/public/deposits/${session.id}/transferred`, { method: 'POST' });
        pay(view, customer, view.finalAmount);
        logger.info(`[demo] ${customer} paid ${view.finalAmount} for ${session.referenceNumber} (${method})`);
        // The sixth customer's app sends it twice: the second transfer pays nothing and waits in the queue.
        if (nth === 6) {
          later(5_000, async () => {
            pay(view, customer, view.finalAmount);
            logger.info(
              `[demo] ${customer} paid ${session.referenceNumber} twice: admin console → Transaction, the second transfer waits in the queue`,
            );
          });
        }
        // An e-wallet's history names the payer's own account: the refund goes straight back to it.
        if (!refunded && method !== 'livin') later(15_000, () => refundPart(session));
      });
    } else if (roll < 0.8) {
      const lateBy = Date.parse(session.expiresAt) - Date.now() + 60_000;
      later(lateBy, async () => {
        pay(view, customer, view.finalAmount);
        logger.info(`[demo] ${customer} paid ${session.referenceNumber} after its time limit: see the paid-late queue`);
      });
    } else if (roll < 0.9) {
      later(delay, async () => {
        const sent = String(Number(view.finalAmount) + 500);
        pay(view, customer, sent);
        logger.info(
          `[demo] ${customer} sent 500 too much for ${session.referenceNumber}: it matches no session exactly (admin console → Transaction → Find session ranks it first: a near match)`,
        );
        // The fourth customer is sure they paid: they press 'I Have Transferred' and claim it with a screenshot.
        if (nth === 4) await claimPaid(session, customer, sent);
      });
    } else {
      logger.info(`[demo] ${session.referenceNumber} will not be paid: it times out`);
    }
  };

  void (async () => {
    // Let the accounts finish signing in and reading their QR codes before the first customer.
    await sleep(5_000);
    while (!stopped) {
      await checkout().catch((error) => logger.warn(`[demo] checkout failed: ${(error as Error).message}`));
      await sleep(options.everyMs ?? 9_000);
    }
  })();
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
