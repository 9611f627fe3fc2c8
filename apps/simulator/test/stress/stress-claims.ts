import type { Random } from '../../src/prng';
import { client, openDanaSession, type RunLog, sleep } from './stress-client';
import type { StressMerchant, StressWorld } from './stress-world';

/**
 * One claim: a customer sends 500 more than asked (no session takes it by itself), presses 'I Have
 * Transferred' and claims it, sometimes twice at once (one is refused); then an Admin matches the
 * transfer to the session from its candidates, rejects the claim, or both at once. The invariants
 * hold claims to their sessions: none open on a paid session, every matched one's session paid.
 */
export async function claimOperation(
  world: StressWorld,
  log: RunLog,
  random: Random,
  merchant: StressMerchant,
  tag: string,
) {
  const call = client(world, log);
  const admin = world.server.state.headers;
  const opened = await openDanaSession(world, call, log, random, merchant, `CL-${tag}`);
  if (!opened) return;
  const { id, view, account } = opened;
  const sent = String(Number(view.finalAmount) + 500);
  world.fleet.wallets.deliverTransfer(account.id, { amount: sent, counterpartyName: 'Claiming Customer' });
  await call('POST', `/public/deposits/${id}/transferred`, {}, {});
  const claim = () =>
    call(
      'POST',
      `/public/deposits/${id}/claims`,
      {},
      {
        senderName: 'Claiming Customer',
        sentAt: new Date().toISOString(),
        amount: sent,
      },
    );
  const filed = await (random() < 0.3 ? Promise.all([claim(), claim()]) : Promise.all([claim()]));
  const created = filed.filter((answer) => answer.status === 201).length;
  if (created > 1) log.problems.push(`session ${id}: ${created} claims open at once`);
  const [open] = ((await call('GET', `/public/deposits/${id}/claims`)).body as unknown as { id: string }[]) ?? [];
  if (!open) return;

  const match = async () => {
    // The transfer reaches the queue when the phone's history is read.
    for (let i = 0; i < 20; i += 1) {
      const found = await call('GET', `/payment-sessions/${id}/candidate-transfers`, admin);
      const best = (found.body.items as { transferId: string }[] | undefined)?.[0];
      if (best) {
        await call('POST', `/transactions/${best.transferId}/match`, admin, {
          paymentSessionId: id,
          note: 'Stress: the claim named it',
        });
        return;
      }
      await sleep(250);
    }
  };
  const reject = () =>
    call('POST', `/payment-claims/${open.id}/reject`, admin, { message: 'Stress: no such transfer' });
  const roll = random();
  if (roll < 0.5) await match();
  else if (roll < 0.7) await reject();
  else await Promise.all([match(), reject()]);
}
