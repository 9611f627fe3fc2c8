import { randomUUID } from 'node:crypto';
import { depositViewSchema, payeeAccountOf } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { createRandom, deriveSeed, type Random, randomInt } from '../../src/prng';
import { claimOperation } from './stress-claims';
import { client, createIdempotently, pick, type RunLog, ServerGone, sleep } from './stress-client';
import { refundOperation } from './stress-refunds';
import type { StressMerchant, StressWorld } from './stress-world';

/** A session's time limit passes now (the clock is moved, not waited for), and the sweep ends it. */
async function expireNow(world: StressWorld, call: ReturnType<typeof client>, id: string) {
  await world.server.database.db.execute(
    sql`update payment_sessions set expires_at = now() where id = ${id} and status = 'awaiting_payment'`,
  );
  for (let i = 0; i < 50; i += 1) {
    if ((await call('GET', `/public/deposits/${id}`)).body.status !== 'awaiting_payment') break;
    await sleep(200);
  }
}

/**
 * One customer payment: a session created through the merchant API (sometimes the same request
 * twice, sometimes the same key with another body), then paid exactly, paid twice, paid the wrong
 * amount, paid after 'I Have Transferred', paid after its time limit, paid in time but reported after
 * it ended (with a new session of the same amount opened meanwhile), or never paid.
 */
async function paymentOperation(
  world: StressWorld,
  log: RunLog,
  random: Random,
  merchant: StressMerchant,
  tag: string,
) {
  const call = client(world, log);
  const body = { referenceNumber: `ST-${tag}`, amount: String(randomInt(random, 10, 900) * 1000), method: 'dana' };
  const roll = random();
  const { id, key, headers } = await createIdempotently(call, log, merchant, '/v1/payment-sessions', body, roll < 0.2);
  if (roll >= 0.2 && roll < 0.3) {
    const other = await call('POST', '/v1/payment-sessions', headers, { ...body, amount: '12345000' });
    if (other.status < 400) log.problems.push(`key ${key} reused with another body was accepted (${other.status})`);
  }
  if (!id) return;
  const view = depositViewSchema.parse((await call('GET', `/public/deposits/${id}`)).body);
  const payee = payeeAccountOf(view.instructions);
  const account = world.fleet.wallets.accounts().find((a) => a.accountNumber === payee);
  if (view.status !== 'awaiting_payment' || !account) {
    const why = `payment_not_offered:${view.status}:${account ? 'account' : `no_account_for_${payee}`}`;
    log.counts[why] = (log.counts[why] ?? 0) + 1;
    return;
  }
  // The customer's own DANA account, named by the history: a transfer that pays nothing can go back to it.
  const sender = `0814${String(randomInt(random, 0, 99_999_999)).padStart(8, '0')}`;
  world.fleet.wallets.nameDestination(sender, 'CUSTOMER');
  const pay = (amount: string) =>
    world.fleet.wallets.deliverTransfer(account.id, {
      amount,
      counterpartyName: 'Customer',
      counterpartyAccount: sender,
      note: view.referenceNumber,
    });
  await sleep(randomInt(random, 0, 1500));
  const outcome = random();
  if (outcome < 0.55) pay(view.finalAmount);
  else if (outcome < 0.7) {
    pay(view.finalAmount);
    pay(view.finalAmount);
  } else if (outcome < 0.8) pay(String(Number(view.finalAmount) + 1));
  else if (outcome < 0.9) {
    await call('POST', `/public/deposits/${id}/transferred`);
    pay(view.finalAmount);
  } else if (outcome < 0.95) {
    // Paid after its time limit (the clock is moved, not waited for): a paid-late transfer.
    await expireNow(world, call, id);
    pay(view.finalAmount);
  } else if (outcome < 0.975) {
    // Paid in time, reported after the session ended, while another customer opens a session of
    // the same amount: the transfer pays the session it was made for, never the new one.
    const madeAt = new Date().toISOString();
    await expireNow(world, call, id);
    await createIdempotently(
      call,
      log,
      pick(random, world.merchants),
      '/v1/payment-sessions',
      { ...body, referenceNumber: `ST-${tag}-next` },
      false,
    );
    world.fleet.wallets.deliverTransfer(account.id, {
      amount: view.finalAmount,
      counterpartyName: 'Customer',
      note: view.referenceNumber,
      occurredAt: madeAt,
    });
    log.paidLate.add(id);
  }
}

/** Polls a withdrawal every `everyMs` until it leaves `status` (or gives up after ten seconds). */
async function whileIn(
  call: ReturnType<typeof client>,
  path: string,
  headers: Record<string, string>,
  status: string,
  everyMs = 200,
) {
  for (let waited = 0; waited < 10_000; waited += everyMs) {
    const now = (await call('GET', path, headers)).body.status;
    if (now !== status) return now;
    await sleep(everyMs);
  }
  return status;
}

/**
 * One settlement: the merchant asks (now and then the console's same request twice at once: one
 * hold); an Admin approves and sends it, rejects it, or approves while the merchant cancels (a
 * race); sometimes the phone's answer is lost (uncertain), and sometimes the app crashes after the
 * send and an Admin says "not paid" before the history shows it (the success then comes after the
 * release: a payout exception, or the decision is refused when the transfer is already recorded).
 */
async function settlementOperation(world: StressWorld, log: RunLog, random: Random, merchant: StressMerchant) {
  const call = client(world, log);
  const admin = world.server.state.headers;
  const request = {
    payoutMethodId: merchant.payoutMethodId,
    amount: String(randomInt(random, 10, 400) * 1000),
    requestId: randomUUID(),
  };
  const ask = () => call('POST', '/withdrawal-requests', merchant.userHeaders, request);
  const answers = random() < 0.2 ? await Promise.all([ask(), ask()]) : [await ask()];
  const ids = new Set(answers.filter((answer) => answer.status < 300).map((answer) => answer.body.id as string));
  log.effects.set(`${merchant.id}:console:${request.requestId}`, ids);
  const id = [...ids][0];
  if (!id) return;
  const roll = random();
  if (roll < 0.15) await call('POST', `/withdrawal-requests/${id}/reject`, admin, { reason: 'Stress: not today' });
  else if (roll < 0.3) await call('POST', `/withdrawal-requests/${id}/cancel`, merchant.userHeaders, {});
  else if (roll < 0.45) {
    await Promise.all([
      call('POST', `/withdrawal-requests/${id}/approve`, admin, {}),
      call('POST', `/withdrawal-requests/${id}/cancel`, merchant.userHeaders, {}),
    ]);
    await call('POST', `/withdrawal-requests/${id}/execute`, admin, {});
  } else if (roll < 0.55) {
    // The app crashes after sending, and only its history will show the transfer: an Admin who
    // looks before the server's history read comes back says "not paid" (released), and the
    // success then arrives as a payout exception; one who looks after is refused, or too late.
    await call('POST', `/withdrawal-requests/${id}/approve`, admin, {});
    world.fleet.wallets.injectFault({ kind: 'crash_after_send_unseen', on: 'send_transfer' });
    await call('POST', `/withdrawal-requests/${id}/execute`, admin, {});
    if ((await whileIn(call, `/withdrawal-requests/${id}`, admin, 'processing', 20)) !== 'uncertain') return;
    await call('POST', `/withdrawal-requests/${id}/reconcile`, admin, {
      outcome: 'not_paid',
      note: 'Stress: not seen',
    });
  } else {
    await call('POST', `/withdrawal-requests/${id}/approve`, admin, {});
    if (random() < 0.15) world.fleet.wallets.injectFault({ kind: 'silent_after_send', on: 'send_transfer' });
    // Twice at once now and then: one transfer at most may leave.
    const execute = () => call('POST', `/withdrawal-requests/${id}/execute`, admin, {});
    await (random() < 0.2 ? Promise.all([execute(), execute()]) : execute());
  }
}

/**
 * One customer withdrawal through the merchant API: confirmed (sometimes twice, sometimes right at
 * its deadline), cancelled, or left to lapse; now and then held for its holder's name first, and
 * approved or rejected by an Admin (sometimes while the customer cancels).
 */
async function customerWithdrawalOperation(
  world: StressWorld,
  log: RunLog,
  random: Random,
  merchant: StressMerchant,
  tag: string,
) {
  const call = client(world, log);
  const body = {
    referenceNumber: `WD-${tag}`,
    amount: String(randomInt(random, 10, 300) * 1000),
    provider: 'bca',
    accountNumber: pick(random, world.customerDestinations),
    // Now and then the merchant names the holder otherwise than the bank does: held for review.
    ...(random() < 0.15 ? { holderName: 'Somebody Else' } : {}),
  };
  const { id } = await createIdempotently(call, log, merchant, '/v1/withdrawals', body, random() < 0.2);
  if (!id) return;
  const fate = random();
  if (fate < 0.15) {
    await call('POST', `/v1/withdrawals/${id}/cancel`, merchant.apiHeaders, {});
    return;
  }
  // The customer waits for the bank's name, then confirms (or walks away).
  let status = '';
  for (let i = 0; i < 50; i += 1) {
    status = String((await call('GET', `/public/withdrawals/${id}`)).body.status);
    if (status !== 'verifying') break;
    await sleep(100);
  }
  if (status === 'name_review') {
    // An Admin decides on the name, sometimes while the customer gives up and cancels.
    const decision = random() < 0.7 ? 'approve' : 'reject';
    const review = () =>
      call('POST', `/withdrawal-requests/${id}/name-review`, world.server.state.headers, {
        decision,
        reason: `Stress: ${decision}`,
      });
    await (random() < 0.3
      ? Promise.all([review(), call('POST', `/public/withdrawals/${id}/cancel`, {}, {})])
      : review());
  }
  if (fate < 0.3) await call('POST', `/public/withdrawals/${id}/cancel`, {}, {});
  else if (fate < 0.4) {
    // The confirmation lands at its deadline, racing the page's read that times it out.
    await world.server.database.db.execute(
      sql`update withdrawals set confirm_deadline_at = now() + interval '100 milliseconds'
          where id = ${id} and status = 'awaiting_confirmation'`,
    );
    await sleep(randomInt(random, 50, 150));
    await Promise.all([
      call('POST', `/public/withdrawals/${id}/confirm`, {}, {}),
      call('GET', `/public/withdrawals/${id}`),
    ]);
  } else if (fate < 0.9) {
    const confirm = () => call('POST', `/public/withdrawals/${id}/confirm`, {}, {});
    await (random() < 0.2
      ? Promise.all([confirm(), confirm(), call('POST', `/public/withdrawals/${id}/cancel`, {}, {})])
      : confirm());
  }
}

/**
 * An Admin works the review queue: a queued transfer is near-matched to its best candidate session,
 * credited to a merchant by hand, sent back to its sender through a phone, or two of these at once
 * by two Admins (one wins; a return that then fails puts the transfer back in the queue).
 */
async function resolutionOperation(
  world: StressWorld,
  log: RunLog,
  random: Random,
  merchant: StressMerchant,
  tag: string,
) {
  const call = client(world, log);
  const admin = world.server.state.headers;
  // Let some customers' transfers come in first.
  await sleep(randomInt(random, 1000, 4000));
  const queue = await call('GET', '/transactions?awaitingReview=true&limit=20', admin);
  const items = (queue.body.items ?? []) as { id: string }[];
  if (items.length === 0) return;
  const { id } = pick(random, items);
  const match = async () => {
    const candidates = await call('GET', `/transactions/${id}/candidates`, admin);
    const best = (candidates.body.items as { paymentSessionId: string }[] | undefined)?.[0];
    if (best)
      await call('POST', `/transactions/${id}/match`, admin, {
        paymentSessionId: best.paymentSessionId,
        note: 'Stress: match',
      });
  };
  const credit = () =>
    call('POST', `/transactions/${id}/credit`, admin, {
      merchantId: merchant.id,
      reference: `STRESS-${tag}`,
      note: 'Stress: credit',
    });
  const sendBack = () => call('POST', `/transactions/${id}/return`, admin, { note: 'Stress: wrong shop' });
  const roll = random();
  if (roll < 0.3) await match();
  else if (roll < 0.5) await credit();
  else if (roll < 0.65) await sendBack();
  else if (roll < 0.8) await Promise.all([match(), credit()]);
  else if (roll < 0.9) await Promise.all([sendBack(), credit()]);
  else await Promise.all([sendBack(), match()]);
}

const KINDS = [
  { kind: 'payment', weight: 0.39 },
  { kind: 'resolution', weight: 0.06 },
  { kind: 'refund', weight: 0.06 },
  { kind: 'claim', weight: 0.04 },
  { kind: 'settlement', weight: 0.2 },
  { kind: 'customer_withdrawal', weight: 0.25 },
] as const;

/**
 * `count` operations chosen and shaped by `seed`, started over `spreadMs` (two seconds) and run
 * concurrently against the real server. The interleaving is the server's; the operations are the
 * seed's, so a failing seed replays the same work.
 */
export async function runOperations(
  world: StressWorld,
  seed: number,
  count: number,
  options: { outages?: boolean; spreadMs?: number } = {},
): Promise<RunLog> {
  const log: RunLog = {
    outages: options.outages ?? false,
    problems: [],
    effects: new Map(),
    paidLate: new Set(),
    counts: {},
  };
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const random = createRandom(deriveSeed(seed, index));
      const roll = random();
      let below = 0;
      const chosen =
        KINDS.find((k) => {
          below += k.weight;
          return roll < below;
        })?.kind ?? 'payment';
      log.counts[chosen] = (log.counts[chosen] ?? 0) + 1;
      const merchant = pick(random, world.merchants);
      const tag = `${seed}-${index}-${randomUUID().slice(0, 4)}`;
      await sleep(randomInt(random, 0, options.spreadMs ?? 2000));
      try {
        if (chosen === 'payment') await paymentOperation(world, log, random, merchant, tag);
        else if (chosen === 'settlement') await settlementOperation(world, log, random, merchant);
        else if (chosen === 'resolution') await resolutionOperation(world, log, random, merchant, tag);
        else if (chosen === 'refund') await refundOperation(world, log, random, merchant, tag);
        else if (chosen === 'claim') await claimOperation(world, log, random, merchant, tag);
        else await customerWithdrawalOperation(world, log, random, merchant, tag);
      } catch (error) {
        if (error instanceof ServerGone)
          log.counts['cut short by a crash'] = (log.counts['cut short by a crash'] ?? 0) + 1;
        else log.problems.push(`operation ${index} (${chosen}) threw: ${(error as Error).message}`);
      }
    }),
  );
  return log;
}
