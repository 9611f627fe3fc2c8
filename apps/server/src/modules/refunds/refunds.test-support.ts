import { randomUUID } from 'node:crypto';
import { eventually, send } from '../agents/agents.test-support';
import {
  type merchantWithToken,
  nextReference,
  type readyAccount,
} from '../payment-sessions/payment-sessions.test-support';
import { TEST_HOLDER_NAME } from '../wallets/wallets.test-support';

/** The account the refund tests' customers pay from (its provider names it TEST_HOLDER_NAME). */
export const SENDER_PHONE = '081298765432';

/**
 * A session of `shop` paid by a DANA transfer into `dana` whose history names the sender (an empty
 * account: it names none), as the merchant API then returns it.
 */
export async function paidSession(
  shop: Awaited<ReturnType<typeof merchantWithToken>>,
  dana: Awaited<ReturnType<typeof readyAccount>>,
  amount: string,
  sender = { name: TEST_HOLDER_NAME, account: SENDER_PHONE },
) {
  const opened = await shop.open({ referenceNumber: nextReference(), amount, method: 'dana' });
  if (opened.statusCode !== 201) throw new Error(`session: ${opened.statusCode} ${opened.body}`);
  const session = opened.json();
  await send(dana.phone.socket, 'wallet:transactions', {
    accountId: dana.account.id,
    transactions: [
      {
        providerTransactionId: `REFUNDABLE-${randomUUID()}`,
        direction: 'in',
        amount: session.finalAmount,
        counterpartyName: sender.name,
        counterpartyAccount: sender.account,
        occurredAt: new Date().toISOString(),
      },
    ],
  });
  return eventually(async () => {
    const now = (await shop.client.get(`/v1/payment-sessions/${session.id}`)).json();
    return now.status === 'success' ? now : null;
  });
}
