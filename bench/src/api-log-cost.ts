import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRun, runAbba } from './api-variants';
import type { Measured } from './measure';
import { median } from './median';
import { paymentSessionCreateLoad } from './scenarios';

/**
 * What the merchant API's request log costs session creation (issue 33: at most 10 % of its CPU):
 * `POST /v1/payment-sessions` flat out on a fresh PostgreSQL with the log on (as installed) and off
 * (API_LOG_RETENTION_DAYS=0), in the order on, off, off, on. Reported: each side's median server
 * and PostgreSQL CPU per request, and the log's share. BENCH_API_LOG=0 skips it.
 */
export const API_LOG_COST_FILE = fileURLToPath(new URL('../.results/api-log-cost.json', import.meta.url));
const log = (message: string) => console.log(`[bench] ${message}`);
const LOADS = [{ id: 'payment-sessions-create', title: 'POST /v1/payment-sessions', load: paymentSessionCreateLoad }];
/** Issue 33's ceiling on the log's share of session creation's CPU. */
const MAX_SHARE = 0.1;

export async function runApiLogCost(): Promise<void> {
  log('api-log-cost: session creation with the request log on and off, in the order on, off, off, on');
  const runs = await runAbba(
    { on: { runtime: process.execPath }, off: { runtime: process.execPath, env: { API_LOG_RETENTION_DAYS: '0' } } },
    ['on', 'off'],
    LOADS,
    (which, run) => log(`  log ${which}: ${describeRun(run.loads['payment-sessions-create'] as Measured)}`),
  );
  const of = (which: 'on' | 'off') => {
    const measured = runs[which].map((run) => run.loads['payment-sessions-create'] as Measured);
    return {
      requestsPerSecond: median(measured.map((m) => m.result.requestsPerSecond)) ?? 0,
      serverCpuUs: median(measured.map((m) => m.cpuPerRequestUs ?? 0)) ?? 0,
      postgresCpuUs: median(measured.map((m) => m.databaseCpuPerRequestUs ?? 0)) ?? 0,
    };
  };
  const on = of('on');
  const off = of('off');
  const serverShare = on.serverCpuUs / off.serverCpuUs - 1;
  const totalShare = (on.serverCpuUs + on.postgresCpuUs) / (off.serverCpuUs + off.postgresCpuUs) - 1;
  const verdict = serverShare <= MAX_SHARE ? 'met' : 'NOT MET';
  log(
    `api-log-cost: log on ${on.requestsPerSecond.toFixed(0)} req/s, ${on.serverCpuUs} µs server + ${on.postgresCpuUs} µs PostgreSQL; off ${off.requestsPerSecond.toFixed(0)} req/s, ${off.serverCpuUs} µs + ${off.postgresCpuUs} µs: the log costs ${(serverShare * 100).toFixed(1)} % of the server's CPU a session (${(totalShare * 100).toFixed(1)} % with PostgreSQL's) → target ≤ ${MAX_SHARE * 100} %: ${verdict}`,
  );
  mkdirSync(dirname(API_LOG_COST_FILE), { recursive: true });
  writeFileSync(
    API_LOG_COST_FILE,
    `${JSON.stringify({ startedAt: new Date().toISOString(), on, off, serverShare, totalShare, runs }, null, 2)}\n`,
  );
  log(`api-log-cost: raw results ${API_LOG_COST_FILE}`);
}
