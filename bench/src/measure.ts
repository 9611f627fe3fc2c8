import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { PROFILE_DIR, type ServerChild, usageBetween } from './child-server';
import { type LoadOptions, runLoad } from './load';
import { postgresCpuMs } from './postgres-cpu';
import type { ListRound } from './report';

/**
 * How the bench measures a server: a load run with the server child's CPU (and PostgreSQL's) over
 * the measured part only, the bare route's load, and the same page served from memory.
 */

export type Measured = Awaited<ReturnType<typeof measure>>;

/** One measured run, with the server child's CPU and event-loop share over the measured part only. */
export async function measure(server: ServerChild, options: LoadOptions, profileName?: string, databaseUrl?: string) {
  let before = await server.usage();
  let startedAt = performance.now();
  let databaseBefore: number | undefined;
  const result = await runLoad(options, {
    beforeMeasure: async () => {
      if (profileName) await server.profileStart();
      before = await server.usage();
      databaseBefore = databaseUrl ? postgresCpuMs(databaseUrl) : undefined;
      startedAt = performance.now();
    },
  });
  const after = await server.usage();
  const databaseAfter = databaseUrl ? postgresCpuMs(databaseUrl) : undefined;
  const usage = usageBetween(before, after, performance.now() - startedAt);
  if (profileName) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    await server.profileStop(join(PROFILE_DIR, `${profileName}.cpuprofile`));
  }
  const cpuPerRequestUs = result.total > 0 ? Math.round((usage.cpuMs * 1000) / result.total) : undefined;
  const databaseCpuPerRequestUs =
    result.total > 0 && databaseBefore !== undefined && databaseAfter !== undefined
      ? Math.round(((databaseAfter - databaseBefore) * 1000) / result.total)
      : undefined;
  // The 1-minute load average as the run ends: above ~2 on two cores, something else was competing.
  return {
    result,
    server: usage,
    cpuPerRequestUs,
    databaseCpuPerRequestUs,
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

export const cpuRatioOf = (bare: Measured | undefined, run: Measured) =>
  bare?.cpuPerRequestUs && run.cpuPerRequestUs ? bare.cpuPerRequestUs / run.cpuPerRequestUs : undefined;

export const bareLoad = (bare: ServerChild, durationSeconds?: number): LoadOptions => ({
  url: bare.url,
  requests: [{ method: 'GET', path: '/bare' }],
  ...(durationSeconds ? { durationSeconds } : {}),
});

/**
 * "The same page served from memory": the scenario's first request is answered once by the real
 * server, and the bare server serves that body from memory, flat out, for as long as the run.
 */
export async function measureFromMemory(bare: ServerChild, load: LoadOptions) {
  const [request] = load.requests;
  if (!request) throw new Error('a list scenario needs a request');
  const answer = await fetch(new URL(request.path, load.url), { headers: request.headers });
  const body = await answer.text();
  if (!answer.ok) throw new Error(`${request.path} answered ${answer.status}: ${body.slice(0, 200)}`);
  await bare.holdPage(body);
  const measured = await measure(bare, {
    url: bare.url,
    requests: [{ method: 'GET', path: '/memory-page' }],
    warmupSeconds: 1,
    durationSeconds: load.durationSeconds,
  });
  return { bytes: Buffer.byteLength(body), measured };
}

/** BENCH_SAME_RATE=1: the share of a list's flat-out throughput both pages are paced at (off by default). */
const SAME_RATE_SHARE = process.env.BENCH_SAME_RATE === '1' ? 0.8 : 0;

/**
 * A diagnostic (BENCH_SAME_RATE=1, not judged): the list and its page from memory again, both at
 * one steady rate, 80 % of what the list answered flat out, evenly spaced to the millisecond (open
 * loop). CPU per request depends on load: an event loop saturated flat out (a 15 KB memory page,
 * ~12,000 a second) shares each wakeup, epoll wait and write among many requests; one woken for
 * nearly every request (a list waiting on PostgreSQL, which shares the load generator's core) pays
 * them alone. At one rate both pay them, which narrows the ratio as much as flat out widens it, and
 * a list whose API is saturated flat out is overloaded by open-loop arrivals at 80 % (see
 * docs/benchmarks.md, 26 Nov 2026, third session).
 */
export async function measureAtSameRate(
  server: ServerChild,
  bare: ServerChild,
  load: LoadOptions,
  flatOut: Measured,
  databaseUrl?: string,
): Promise<ListRound['sameRate']> {
  if (SAME_RATE_SHARE === 0) return undefined;
  const rate = Math.round(flatOut.result.requestsPerSecond * SAME_RATE_SHARE);
  const paced = { warmupSeconds: 1, durationSeconds: load.durationSeconds, pacedRate: rate };
  const list = await measure(server, { ...load, ...paced }, undefined, databaseUrl);
  const memory = await measure(bare, { url: bare.url, requests: [{ method: 'GET', path: '/memory-page' }], ...paced });
  if (!list.cpuPerRequestUs || !memory.cpuPerRequestUs) return undefined;
  return {
    rate,
    answered: { list: list.result.requestsPerSecond, memory: memory.result.requestsPerSecond },
    listUs: list.cpuPerRequestUs,
    memoryUs: memory.cpuPerRequestUs,
    ratio: list.cpuPerRequestUs / memory.cpuPerRequestUs,
    listBusy: list.server.cpuPercent,
    memoryBusy: memory.server.cpuPercent,
  };
}
