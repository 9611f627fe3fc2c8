import { randomUUID } from 'node:crypto';
import type { WalletProvider } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { createApiTokenAs, merchantApi, merchantWithUser } from '../../../test/helpers/merchant-api';
import { walletAccounts } from '../../db/schema';
import { type AgentClient, type FleetTestApp, send } from '../agents/agents.test-support';
import { addAccount, fakeWalletApp, walletPhone } from '../wallets/wallets.test-support';

/** Shared by the payment-session tests. */

/**
 * A wallet account that can receive money now: its phone online (a real agent socket playing the
 * wallet app), signed in, healthy, with a receive QR.
 */
export async function readyAccount(t: FleetTestApp, provider: WalletProvider = 'dana') {
  const phone = await walletPhone(t);
  const commands = fakeWalletApp(phone.socket);
  const account = await addAccount(t, phone.device.id, provider);
  await t.database.db
    .update(walletAccounts)
    .set({
      loginStatus: 'logged_in',
      healthState: 'healthy',
      qrPayload: provider === 'livin' ? null : '000201010211520400005303360580' + '2ID5909Test Shop6007JAKARTA6304ABCD',
    })
    .where(eq(walletAccounts.id, account.id));
  return { account, phone, commands };
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
) {
  const ack = await send(phone.socket, 'wallet:transactions', {
    accountId,
    transactions: amounts.map((amount, i) => ({
      providerTransactionId: ids[i],
      direction: 'in',
      amount,
      counterpartyName: 'Customer',
      occurredAt: occurredAt.toISOString(),
    })),
  });
  return { ack, ids };
}
