import { type Random, randomInt } from '../../src/prng';
import { client, createIdempotently, openDanaSession, type RunLog, sleep } from './stress-client';
import type { StressMerchant, StressWorld } from './stress-world';

/**
 * One refund: a customer pays a session exactly from a named DANA account; once it is paid, the
 * merchant refunds it in full, twice at once in parts that together exceed it (one must be refused),
 * or while a customer withdrawal races it for the same available balance (what is left after one
 * does not cover the other). The ledger check holds refunds within what each session received.
 */
export async function refundOperation(
  world: StressWorld,
  log: RunLog,
  random: Random,
  merchant: StressMerchant,
  tag: string,
) {
  const call = client(world, log);
  const opened = await openDanaSession(world, call, log, random, merchant, `RF-${tag}`);
  if (!opened) return;
  const { id, view, account } = opened;
  const sender = `0813${String(randomInt(random, 0, 99_999_999)).padStart(8, '0')}`;
  world.fleet.wallets.nameDestination(sender, 'CUSTOMER');
  world.fleet.wallets.deliverTransfer(account.id, {
    amount: view.finalAmount,
    counterpartyName: 'Customer',
    counterpartyAccount: sender,
    note: view.referenceNumber,
  });
  let paid = false;
  for (let i = 0; i < 50 && !paid; i += 1) {
    paid = (await call('GET', `/v1/payment-sessions/${id}`, merchant.apiHeaders)).body.status === 'success';
    if (!paid) await sleep(200);
  }
  if (!paid) return;
  const refund = (body: object) =>
    createIdempotently(call, log, merchant, `/v1/payment-sessions/${id}/refunds`, body, random() < 0.2);
  const roll = random();
  if (roll < 0.4) await refund({ reason: 'Stress: full' });
  else if (roll < 0.7) {
    const part = String(Math.ceil((Number(view.finalAmount) * 0.6) / 1000) * 1000);
    await Promise.all([refund({ amount: part }), refund({ amount: part })]);
  } else {
    // A customer withdrawal for all but half the refund: both cannot be held at once.
    const balance = await call('GET', '/v1/balance', merchant.apiHeaders);
    const available = Number(balance.body.available);
    const withdrawal = available - Math.floor(Number(view.finalAmount) / 2);
    const [, paying] = await Promise.all([
      refund({ reason: 'Stress: racing a withdrawal' }),
      withdrawal > 0
        ? createIdempotently(
            call,
            log,
            merchant,
            '/v1/withdrawals',
            {
              referenceNumber: `RW-${tag}`,
              amount: String(withdrawal),
              provider: 'bca',
              accountNumber: world.customerDestinations[0] as string,
            },
            false,
          )
        : Promise.resolve({ id: undefined }),
    ]);
    // The merchant gives up the withdrawal: its hold goes back for everyone else's work.
    if (paying.id) await call('POST', `/v1/withdrawals/${paying.id}/cancel`, merchant.apiHeaders, {});
  }
}
