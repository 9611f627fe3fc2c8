import { signInForToken } from './api';
import { startServerChild } from './child-server';
import type { LoadOptions } from './load';
import { type Measured, measure } from './measure';
import { apiDatabaseUrl, startBenchPostgres } from './postgres';
import type { ScenarioContext } from './scenarios';
import type { SeedPlan } from './seed';

/**
 * Two variants of the same API compared in one run (issue 31: Node 24 against Node 20; issue 33:
 * the request log on and off): each run starts the API on a fresh PostgreSQL, as a variant says
 * (a runtime, settings), and measures the loads flat out. The variants run in the order A B B A, so
 * a drift of the shared cores weighs on both alike.
 */
export const VARIANT_PLAN: SeedPlan = {
  adminEmail: 'bench-admin@example.test',
  bulkUsers: 1000,
  password: 'bench password that is long enough',
  walletAccounts: 10,
  merchants: 10,
  withdrawals: 0,
};

export type ApiVariant = { runtime: string; env?: Record<string, string> };
export type VariantLoad = { id: string; title: string; load(ctx: ScenarioContext): LoadOptions };
export type VariantRun = { loads: Record<string, Measured> };

export async function runVariant(variant: ApiVariant, loads: readonly VariantLoad[]): Promise<VariantRun> {
  const postgres = await startBenchPostgres();
  const server = await startServerChild(
    'api-variant',
    './server-process.ts',
    { BENCH_SEED: JSON.stringify(VARIANT_PLAN), DATABASE_URL: apiDatabaseUrl(postgres), ...variant.env },
    variant.runtime,
  );
  try {
    const ctx: ScenarioContext = {
      url: server.url,
      token: await signInForToken(server.url, VARIANT_PLAN.adminEmail, VARIANT_PLAN.password),
      deepCursor: '',
      password: VARIANT_PLAN.password,
    };
    const measured: Record<string, Measured> = {};
    for (const { id, load } of loads) measured[id] = await measure(server, load(ctx), undefined, postgres.url);
    return { loads: measured };
  } finally {
    await server.stop();
    postgres.stop();
  }
}

/** Runs `a` and `b` in the order A B B A; each variant's two runs, in order. */
export async function runAbba<A extends string, B extends string>(
  variants: Record<A | B, ApiVariant>,
  order: readonly [A, B],
  loads: readonly VariantLoad[],
  onRun: (which: A | B, run: VariantRun) => void,
): Promise<Record<A | B, VariantRun[]>> {
  const [a, b] = order;
  const runs = { [a]: [], [b]: [] } as unknown as Record<A | B, VariantRun[]>;
  for (const which of [a, b, b, a]) {
    const run = await runVariant(variants[which], loads);
    runs[which].push(run);
    onRun(which, run);
  }
  return runs;
}

/** One line of a run: throughput, p99, and the server's and PostgreSQL's CPU per request. */
export function describeRun(measured: Measured): string {
  const invalid = measured.result.non2xx > 0 || measured.result.errors > 0 ? ' INVALID (errors)' : '';
  return `${measured.result.requestsPerSecond} req/s, p99 ${measured.result.latencyMs.p99} ms, ${measured.cpuPerRequestUs} µs server + ${measured.databaseCpuPerRequestUs} µs PostgreSQL CPU a request${invalid}`;
}
