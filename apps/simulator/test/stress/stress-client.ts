import { randomUUID } from 'node:crypto';
import { depositViewSchema, payeeAccountOf } from '@gerbang/contract';
import { type Random, randomInt } from '../../src/prng';
import type { StressMerchant, StressWorld } from './stress-world';

/** The stress operations' HTTP: answers checked against the API's promises, outcomes logged. */

type Answer = { status: number; body: Record<string, unknown> };

/** What a run saw from the outside: answers that break the API's promises, and each key's effects. */
export type RunLog = {
  /** The server is being killed and restarted: a request it never answers ends its operation. */
  outages: boolean;
  /** 5xx answers, 4xx answers outside the one error shape, replays that differ. */
  problems: string[];
  /** Idempotency key → the ids of every successful answer it got (must all be one id). */
  effects: Map<string, Set<string>>;
  /** Sessions paid inside their window whose report came after they ended: each must succeed. */
  paidLate: Set<string>;
  counts: Record<string, number>;
};

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server was killed under the request: its outcome is unknown to the caller, as in production. */
export class ServerGone extends Error {}

export function client(world: StressWorld, log: RunLog) {
  return async function call(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string> = {},
    body?: object,
  ): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(new URL(path, world.url), {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch (error) {
      if (log.outages) throw new ServerGone((error as Error).message);
      throw error;
    }
    const text = await response.text();
    const label = `${method} ${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/\?.*/, '')} ${response.status}`;
    log.counts[label] = (log.counts[label] ?? 0) + 1;
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      log.problems.push(`${method} ${path}: ${response.status} with a body that is not JSON`);
    }
    // The balancer's answer for a request the killed instance was serving (docs/operations.md, "Behind
    // HAProxy"): its outcome is unknown to the caller, as when a connection is cut. The server itself
    // never answers SERVICE_UNAVAILABLE.
    const code = (parsed.error as { code?: unknown } | undefined)?.code;
    if (log.outages && response.status >= 502 && response.status <= 504 && code === 'SERVICE_UNAVAILABLE') {
      throw new ServerGone(`${method} ${path}: the balancer answered ${response.status}`);
    }
    if (response.status >= 500) log.problems.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    if (response.status >= 400) {
      const error = parsed.error as { code?: unknown; message?: unknown } | undefined;
      if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
        log.problems.push(`${method} ${path}: ${response.status} outside the error shape: ${text.slice(0, 200)}`);
      }
    }
    return { status: response.status, body: parsed };
  };
}

/**
 * `POST path` with a new Idempotency-Key, sometimes twice at once (`twice`): the ids of every
 * successful answer are logged under the key (they must all be one). Returns the id, if any.
 */
export async function createIdempotently(
  call: ReturnType<typeof client>,
  log: RunLog,
  merchant: StressMerchant,
  path: string,
  body: object,
  twice: boolean,
): Promise<{ id: string | undefined; key: string; headers: Record<string, string> }> {
  const key = randomUUID();
  const headers = { ...merchant.apiHeaders, 'idempotency-key': key };
  const create = () => call('POST', path, headers, body);
  const answers = twice ? await Promise.all([create(), create()]) : [await create()];
  const ids = new Set<string>();
  for (const answer of answers) if (answer.status < 300) ids.add(answer.body.id as string);
  log.effects.set(`${merchant.id}:${key}`, ids);
  return { id: [...ids][0], key, headers };
}

/**
 * A DANA session of 10,000–300,000 the merchant opens (reference `reference`), waiting for money:
 * its id, what its page shows, and the simulated account it is paid into; null when none could take it.
 */
export async function openDanaSession(
  world: StressWorld,
  call: ReturnType<typeof client>,
  log: RunLog,
  random: Random,
  merchant: StressMerchant,
  reference: string,
) {
  const amount = randomInt(random, 10, 300) * 1000;
  const { id } = await createIdempotently(
    call,
    log,
    merchant,
    '/v1/payment-sessions',
    { referenceNumber: reference, amount: String(amount), method: 'dana' },
    false,
  );
  if (!id) return null;
  const view = depositViewSchema.parse((await call('GET', `/public/deposits/${id}`)).body);
  const account = world.fleet.wallets.accounts().find((a) => a.accountNumber === payeeAccountOf(view.instructions));
  if (view.status !== 'awaiting_payment' || !account) return null;
  return { id, view, account };
}
