import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { postgresProcessesOf } from './postgres-cpu';

/**
 * BENCH_PIN=1 (Linux, two CPUs or more): the server under measurement, the API or the bare
 * reference, gets CPU 0 to itself. Unpinned, the three compete for two cores, and the API's CPU per
 * request moves by up to a quarter between runs with whoever shares its core and cache. Pinned,
 * the API is measured as it runs in production, where PostgreSQL and the clients are other
 * machines. The memory page and the list page are pinned alike, so their ratio compares like with
 * like.
 *
 * With two or three CPUs, this process (autocannon) and PostgreSQL share the others: a list whose
 * PostgreSQL costs more a page than its API then cannot keep the API busy, and its CPU per request
 * carries wakeups a saturated memory page shares (docs/benchmarks.md, "Fast lists"). With four or
 * more, autocannon gets CPU 1 and PostgreSQL the rest, as in production, where neither shares the
 * API's machine: the layout that decides issue 9's list target.
 */
export const pinning = process.env.BENCH_PIN === '1' && process.platform === 'linux' && cpus().length >= 2;

/** Which CPUs the measured server, the load generator and PostgreSQL get on a machine of `count`. */
function cpuLayout(count: number) {
  const from = (first: number) => (first === count - 1 ? `${first}` : `${first}-${count - 1}`);
  if (count >= 4) return { server: '0', load: '1', database: from(2), databaseOwnsCpus: true };
  return { server: '0', load: from(1), database: from(1), databaseOwnsCpus: false };
}

export const layout = cpuLayout(cpus().length);

/** Every thread of `pid` onto `list`; threads and processes it starts later inherit it. */
function pin(pid: number, list: string) {
  execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', list, String(pid)], { stdio: 'ignore' });
}

export function pinServer(pid: number | undefined) {
  if (pinning && pid !== undefined) pin(pid, layout.server);
}

/** This process, the load generator, off the servers' CPU (until `unpinLoad`). */
export function pinLoad() {
  if (pinning) pin(process.pid, layout.load);
}

/** Back onto every CPU, for the benchmarks that follow (realtime, browser, Lighthouse). */
export function unpinLoad() {
  if (pinning) pin(process.pid, `0-${cpus().length - 1}`);
}

/** A local PostgreSQL: the postmaster first, so that the backends it starts later follow it. */
export function pinDatabase(databaseUrl: string) {
  if (!pinning) return;
  const { postmaster, children } = postgresProcessesOf(databaseUrl);
  for (const { pid } of postmaster ? [postmaster, ...children] : []) pin(pid, layout.database);
}
