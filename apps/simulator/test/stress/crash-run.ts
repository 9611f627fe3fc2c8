import { ROLE } from '@gerbang/contract';
import type { Database, DatabaseHandle } from '../../../server/src/db/database';
import { insertUser, TEST_PASSWORD } from '../../../server/test/helpers/test-app';
import { createRandom, type Random, randomInt } from '../../src/prng';
import { httpCall } from '../ready-account';
import { outcomesSoFar, passTheClocks } from './stress-clock';
import { stressViolations } from './stress-invariants';
import { runOperations } from './stress-operations';
import { buildStressWorld, type StressTarget, type StressWorld } from './stress-world';

/** An Admin signed in through `url`: the stress world's operator. */
export async function adminTarget(url: string, database: DatabaseHandle): Promise<StressTarget> {
  const admin = await insertUser(database, { roleId: ROLE.Admin });
  const signedIn = await httpCall(url, {}, 'POST', '/auth/signin', { email: admin.email, password: TEST_PASSWORD });
  const headers = { authorization: `Bearer ${(signedIn.body as { accessToken: string }).accessToken}` };
  return { state: { url, headers, operator: { email: admin.email, password: TEST_PASSWORD } }, database };
}

/** The crash runs' world, reached through `url`: three phones, two merchants, a receiver failing 20 %. */
export async function crashWorld(url: string, database: DatabaseHandle): Promise<StressWorld> {
  return buildStressWorld(await adminTarget(url, database), { phones: 3, merchants: 2, webhookFailureRate: 0.2 });
}

/**
 * One crash run (docs/stress.md): the harness's operations, spread over seconds, with `kills`
 * kills by `killOne` at seeded moments among them; then, once the phones are back and background
 * work has finished, the invariants.
 */
export async function crashRun(
  world: Parameters<typeof runOperations>[0],
  db: Database,
  options: { run: number; kills: number; operations: number; killOne: (random: Random) => Promise<void> },
) {
  const random = createRandom(options.run * 7919);
  const operations = runOperations(world, 1000 + options.run, options.operations, { outages: true, spreadMs: 8_000 });
  for (let kill = 0; kill < options.kills; kill += 1) {
    await new Promise((resolve) => setTimeout(resolve, randomInt(random, 500, 2500)));
    await options.killOne(random);
  }
  const log = await operations;
  await world.fleet.whenOnline(world.accounts.length, 30_000);
  // Leases of a killed process (webhook claims: the receiver timeout + 30 s) must run out before its work is taken over.
  await passTheClocks(world, 150_000);
  return { log, violations: await stressViolations(world, db, [log], 20), outcomes: await outcomesSoFar(world) };
}
