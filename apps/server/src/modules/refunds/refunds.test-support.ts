import { randomUUID } from 'node:crypto';
import { type AgentClient, eventually, send } from '../agents/agents.test-support';
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
  // While the phone reads its history or sends a transfer it is busy and takes no new session (it
  // stays `created`): open again until one has the account, as a customer would choose again.
  const session = await eventually(async () => {
    const opened = await shop.open({ referenceNumber: nextReference(), amount, method: 'dana' });
    if (opened.statusCode !== 201) throw new Error(`session: ${opened.statusCode} ${opened.body}`);
    const body = opened.json() as { id: string; finalAmount: string; status: string };
    return body.status === 'awaiting_payment' ? body : null;
  }, 15_000);
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
  }, 15_000);
}

/**
 * A phone's late word that the transfer of a withdrawal an operator released was made after all;
 * resolves with the id of the payout exception it queues (paid after release).
 */
export async function reportPaidAfterRelease(
  phone: { socket: AgentClient },
  operator: { get(url: string): Promise<{ json(): unknown }> },
  commandId: string | undefined,
  withdrawalId: string,
): Promise<string> {
  await send(phone.socket, 'command:result', {
    commandId,
    ok: true,
    data: { providerTransactionId: `DANA-LATE-${randomUUID()}` },
  });
  return eventually(async () => {
    const page = (await operator.get('/payout-exceptions?awaitingReview=true')).json() as {
      items: { id: string; withdrawalId: string }[];
    };
    return page.items.find((item) => item.withdrawalId === withdrawalId)?.id ?? null;
  });
}
