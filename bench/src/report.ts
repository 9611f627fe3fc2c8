import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinning } from './cpu-pinning';
import type { LoadResult } from './load';
import type { DatabaseKind, Target } from './scenarios';

export const RESULTS_FILE = fileURLToPath(new URL('../.results/latest.json', import.meta.url));

export type ServerUsage = {
  cpuPercent: number;
  cpuMs: number;
  eventLoopUtilization: number;
  /** Event-loop delay over the measured window: how long the server's loop was ever blocked. */
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
};

export type Verdict = 'PASS' | 'FAIL' | 'INFO' | 'INVALID' | 'ERROR';

/** One round of a list against its page from memory: CPU per request of each, flat out. */
export type ListRound = {
  memoryUs: number;
  listUs: number;
  ratio: number;
  /** BENCH_SAME_RATE=1: both pages again, paced at one rate (`measureAtSameRate` in run-all.ts). */
  sameRate?: {
    rate: number;
    /** What each page was answered at, against `rate` asked. */
    answered: { list: number; memory: number };
    listUs: number;
    memoryUs: number;
    ratio: number;
    listBusy: number;
    memoryBusy: number;
  };
};

export type ScenarioReport = {
  id: string;
  title: string;
  database: DatabaseKind | 'none';
  target: Target;
  verdict: Verdict;
  /** Throughput as a share of the bare route's (same run, same settings). */
  ratio?: number;
  result?: LoadResult;
  server?: ServerUsage;
  /**
   * Server CPU per request (µs, all threads of the server child; not the PostgreSQL backends),
   * and the bare route's over this scenario's: a contention-proof companion to `ratio`, since
   * CPU time per request measures work, not how much of the machine the server happened to get.
   */
  cpuPerRequestUs?: number;
  /** PostgreSQL's CPU per request (µs, the postmaster and its backends), when it runs on this machine. */
  databaseCpuPerRequestUs?: number;
  cpuRatio?: number;
  /** 1-minute load average of the machine when the measured run ended. */
  loadAverage1m?: number;
  /** A list page's answer served from memory by the bare server: its size and CPU per request. */
  memoryPage?: { bytes: number; cpuPerRequestUs?: number };
  /** This scenario's CPU per request ÷ the memory page's (issue 9: at most 3); with rounds, their median. */
  cpuVsMemoryPage?: number;
  /**
   * BENCH_SAME_RATE=1 (a diagnostic, not judged): the same ratio with both pages paced at one rate
   * (80 % of the list's flat-out throughput), so both event loops are woken alike; with rounds,
   * their median.
   */
  cpuVsMemoryPageAtSameRate?: number;
  /** BENCH_LIST_ROUNDS > 1: each round's CPU per request, the page from memory's and the list's. */
  rounds?: ListRound[];
  /** The bare route measured right before this scenario: the denominator of `ratio`. */
  bare?: { result: LoadResult; server: ServerUsage };
  note?: string;
};

export function targetLabel(target: Target): string {
  if (target.kind === 'ratio') return `≥ ${Math.round(target.min * 100)}% of bare`;
  if (target.kind === 'p95') return `p95 < ${target.maxMs} ms`;
  if (target.kind === 'memory-ratio') return `≤ ${target.max}x memory`;
  return '—';
}

/** PASS/FAIL against the target; INVALID when any response was not 2xx (a broken route is not a fast one). */
export function judge(
  target: Target,
  result: LoadResult,
  ratio: number,
  cpuVsMemoryPage?: number,
): { verdict: Verdict; note?: string } {
  if (result.non2xx > 0 || result.errors > 0 || result.total === 0) {
    return {
      verdict: 'INVALID',
      note: `statuses ${JSON.stringify(result.statusCodes)}, errors ${result.errors}, timeouts ${result.timeouts}`,
    };
  }
  if (target.kind === 'ratio' && pinning) {
    // The bare route has a CPU to itself while the API shares PostgreSQL's wait: no like for like.
    return { verdict: 'INFO', note: 'BENCH_PIN=1: throughput ratios to the bare route are not judged' };
  }
  if (target.kind === 'ratio') return { verdict: ratio >= target.min ? 'PASS' : 'FAIL' };
  if (target.kind === 'p95') return { verdict: result.latencyMs.p95 < target.maxMs ? 'PASS' : 'FAIL' };
  if (target.kind === 'memory-ratio') {
    if (cpuVsMemoryPage === undefined) return { verdict: 'INVALID', note: 'no CPU figure for the page from memory' };
    return { verdict: cpuVsMemoryPage <= target.max ? 'PASS' : 'FAIL' };
  }
  return { verdict: 'INFO' };
}

const fmt = (n: number | undefined, digits = 1) => (n === undefined ? '' : n.toFixed(digits));

export function printTable(rows: ScenarioReport[]): void {
  const header = [
    'Scenario',
    'DB',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'vs bare',
    'Target',
    'Result',
    'CPU',
    'ELU',
    'µs/req',
    'DB µs/req',
    'CPU vs bare',
    'vs memory',
    'at one rate',
    'Loop max',
    'Load',
  ];
  const body = rows.map((r) => [
    r.title,
    r.database,
    fmt(r.result?.requestsPerSecond, 0),
    fmt(r.result?.latencyMs.p50),
    fmt(r.result?.latencyMs.p95),
    fmt(r.result?.latencyMs.p99),
    r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(1)}%`,
    targetLabel(r.target),
    r.verdict,
    r.server ? `${r.server.cpuPercent.toFixed(0)}%` : '',
    r.server ? r.server.eventLoopUtilization.toFixed(2) : '',
    fmt(r.cpuPerRequestUs, 0),
    fmt(r.databaseCpuPerRequestUs, 0),
    r.cpuRatio === undefined ? '' : `${(r.cpuRatio * 100).toFixed(1)}%`,
    r.cpuVsMemoryPage === undefined ? '' : `${r.cpuVsMemoryPage.toFixed(1)}x`,
    r.cpuVsMemoryPageAtSameRate === undefined ? '' : `${r.cpuVsMemoryPageAtSameRate.toFixed(1)}x`,
    r.server ? `${r.server.loopDelayMaxMs} ms` : '',
    r.loadAverage1m === undefined ? '' : r.loadAverage1m.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 || (i >= 7 && i <= 8) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of body) console.log(line(row));
  for (const r of rows) if (r.note) console.log(`  ${r.id}: ${r.note}`);
  console.log(
    'CPU = server child CPU (100% = one core); ELU = its event-loop utilization; µs/req = its CPU per request; DB µs/req = PostgreSQL CPU per request (postmaster and backends); CPU vs bare = bare µs/req ÷ this µs/req (server CPU only); vs memory = this µs/req ÷ that of the same answer served from memory by bare Fastify, each flat out; at one rate (BENCH_SAME_RATE=1, not judged) = the same with both paced at 80 % of the list’s flat-out req/s; Loop max = longest event-loop delay in the server; Load = 1-min load average at the end.',
  );
}

export function writeResults(data: unknown): void {
  mkdirSync(dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(data, null, 2)}\n`);
}
