import { randomUUID } from 'node:crypto';
import { emvField, runWalletChecks, type WalletProvider, withEmvCrc } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { createApiTokenAs, merchantApi, merchantWithUser } from '../../../test/helpers/merchant-api';
import { walletAccounts } from '../../db/schema';
import { type AgentClient, eventually, type FleetTestApp, send } from '../agents/agents.test-support';
import { addAccount, fakeWalletApp, walletPhone } from '../wallets/wallets.test-support';

/** Shared by the payment-session tests. */

/**
 * A wallet account that can receive money now, the way production gets there: its phone online
 * (a real agent socket playing the wallet app), all wallet checks run and passed, its receive QR
 * fetched (a real EMV code). Only the sign-in is set directly (the login flow has its own tests).
 */
export async function readyAccount(
  t: FleetTestApp,
  provider: WalletProvider = 'dana',
  override?: Parameters<typeof fakeWalletApp>[1],
) {
  const phone = await walletPhone(t);
  const commands = fakeWalletApp(phone.socket, (command) => {
    const special = override?.(command);
    if (special !== undefined) return special;
    if (command.type === 'wallet-check' && command.payload.checkType === 'get_qr_code') {
      return { ok: true, data: { qr: emvQrFor(command.payload.account, 'Test Shop') } };
    }
    return undefined;
  });
  const account = await addAccount(t, phone.device.id, provider);
  await t.database.db.update(walletAccounts).set({ loginStatus: 'logged_in' }).where(eq(walletAccounts.id, account.id));
  const runChecks = async () => {
    for (const type of ['wallet', 'get_qr_code'] as const) {
      const res = await t.app.inject({
        method: runWalletChecks.method,
        url: runWalletChecks.path,
        headers: t.admin.headers,
        payload: { accountIds: [account.id], type },
      });
      if (res.statusCode !== 200) throw new Error(`checks failed to start: ${res.body}`);
    }
  };
  await runChecks();
  let ranAt = Date.now();
  await eventually(async () => {
    const [row] = await t.database.db
      .select({ health: walletAccounts.healthState, qr: walletAccounts.qrPayload, status: walletAccounts.status })
      .from(walletAccounts)
      .where(eq(walletAccounts.id, account.id));
    // Set-up, not a measure. The wallet tests give a check 2 s (WALLET_COMMAND_DEADLINE_SECONDS):
    // on a loaded 2-core runner a round trip through the phone ran out, the account stayed failing
    // and this waited in vain (a beforeAll failure in CI). A failed check is run again, as an
    // operator would; and when the failures disabled the account (WALLET_AUTO_DISABLE_AFTER_FAILURES,
    // seen in a full run at 30 s), it is enabled again first, as an operator would too.
    // (A failing account stays failing while its checks run again: not sooner than a deadline apart.)
    if (row?.health === 'failing' && Date.now() - ranAt > 3_000) {
      if (row.status === 'auto_disabled') {
        await t.database.db
          .update(walletAccounts)
          .set({ status: 'active', autoDisabledCause: null, disabledAt: null, disabledReason: null })
          .where(eq(walletAccounts.id, account.id));
      }
      ranAt = Date.now();
      await runChecks();
    }
    return row?.health === 'healthy' && row.qr !== null;
  }, 30_000);
  return { account, phone, commands };
}

/** A static EMV code for the account, as a provider app shows it. */
function emvQrFor(account: { accountNumber: string }, name: string): string {
  return withEmvCrc(
    [
      emvField('00', '01'),
      emvField('01', '11'),
      emvField('26', emvField('00', 'DEV.GERBANG.TEST') + emvField('02', account.accountNumber)),
      emvField('52', '0000'),
      emvField('53', '360'),
      emvField('58', 'ID'),
      emvField('59', name),
      emvField('60', 'JAKARTA'),
    ].join(''),
  );
}

/** A merchant with a console user and an API token holding every payments scope. */
export async function merchantWithToken(t: FleetTestApp, merchantId: string = randomUUID()) {
  const shop = await merchantWithUser(t, merchantId);
  const token = await createApiTokenAs(shop.console);
  const client = merchantApi(t.app, token.secret);
  return {
    ...shop,
    token,
    client,
    /** POST /v1/payment-sessions with a fresh (or the given) idempotency key. */
    open: (body: object, key: string = randomUUID()) =>
      client.post('/v1/payment-sessions', body, { 'idempotency-key': key }),
  };
}

let reference = 0;
export const nextReference = () => {
  reference += 1;
  return `INV-${Date.now()}-${reference}`;
};

let transferCounter = 0;
/** The phone reports incoming transfers on its account (agent event wallet:transactions). */
export async function customerPays(
  phone: { socket: AgentClient },
  accountId: string,
  amounts: string[],
  occurredAt: Date = new Date(),
  ids: string[] = amounts.map(() => {
    transferCounter += 1;
    return `TRX-${Date.now()}-${transferCounter}`;
  }),
  counterpartyName = 'Customer',
  counterpartyAccount = '',
) {
  const ack = await send(phone.socket, 'wallet:transactions', {
    accountId,
    transactions: amounts.map((amount, i) => ({
      providerTransactionId: ids[i],
      direction: 'in',
      amount,
      counterpartyName,
      counterpartyAccount,
      occurredAt: occurredAt.toISOString(),
    })),
  });
  return { ack, ids };
}

/**
 * A transfer into the account that pays no session exactly (a customer's, from `from`, whose account
 * the history names when `fromAccount` is given), as the
 * review queue lists it once the server has considered it.
 */
export async function queuedTransfer(
  phone: { socket: AgentClient },
  accountId: string,
  operator: { get(url: string): Promise<{ json(): unknown }> },
  amount: string,
  from = 'Customer',
  fromAccount = '',
) {
  const id = `QUEUED-${randomUUID()}`;
  await customerPays(phone, accountId, [amount], new Date(), [id], from, fromAccount);
  return eventually(async () => {
    const page = (await operator.get('/transactions?awaitingReview=true&limit=100')).json() as {
      items: { id: string; providerTransactionId: string }[];
    };
    return page.items.find((item) => item.providerTransactionId === id);
  });
}
