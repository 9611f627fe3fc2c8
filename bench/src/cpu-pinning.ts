import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { postgresProcessesOf } from './postgres-cpu';

/**
 * BENCH_PIN=1 (Linux, two CPUs or more): the server under measurement, the API or the bare
 * reference, gets CPU 0 to itself, and this process (autocannon) and PostgreSQL share the other
 * CPUs. Unpinned, the three compete for two cores, and the API's CPU per request moves by up to a
 * quarter between runs with whoever shares its core and cache. Pinned, the API is measured as it
 * runs in production, where PostgreSQL and the clients are other machines. The memory page and
 * the list page are pinned alike, so their ratio compares like with like.
 */
export const pinning = process.env.BENCH_PIN === '1' && process.platform === 'linux' && cpus().length >= 2;

const SERVER_CPUS = '0';
const OTHER_CPUS = `1-${cpus().length - 1}`;

/** Every thread of `pid` onto `list`; threads and processes it starts later inherit it. */
function pin(pid: number, list: string) {
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', list, String(pid)], { stdio: 'ignore' });
}

export function pinServer(pid: number | undefined) {
  if (pinning && pid !== undefined) pin(pid, SERVER_CPUS);
}

/** This process, the load generator, off the servers' CPU (until `unpinLoad`). */
export function pinLoad() {
  if (pinning) pin(process.pid, OTHER_CPUS);
}

/** Back onto every CPU, for the benchmarks that follow (realtime, browser, Lighthouse). */
export function unpinLoad() {
  if (pinning) pin(process.pid, `0-${cpus().length - 1}`);
}

/** A local PostgreSQL: the postmaster first, so that the backends it starts later follow it. */
export function pinDatabase(databaseUrl: string) {
  if (!pinning) return;
  const { postmaster, children } = postgresProcessesOf(databaseUrl);
  for (const { pid } of postmaster ? [postmaster, ...children] : []) pin(pid, OTHER_CPUS);
}
