import { cpus, loadavg, totalmem } from 'node:os';
import { cursorAtDepth, deviceOfAccount, sessionAccountOf, signInForToken } from './api';
import { runApiLogCost } from './api-log-cost';
import { runLighthouseBench } from './browser/run-lighthouse';
import { runWalletFramesBench } from './browser/run-wallet-frames';
import { type ServerChild, startServerChild } from './child-server';
import { layout, pinDatabase, pinLoad, pinning, unpinLoad } from './cpu-pinning';
import { measureExportMemory } from './export-memory';
import { LOAD } from './load';
import { bareLoad, cpuRatioOf, type Measured, measure, measureAtSameRate, measureFromMemory } from './measure';
import { median } from './median';
import { runNodeVersions } from './node-versions';
import { apiDatabaseUrl, type BenchPostgres, startBenchPostgres } from './postgres';
import { runRealtimeBench } from './realtime/run-realtime';
import { judge, type ListRound, printTable, RESULTS_FILE, type ScenarioReport, writeResults } from './report';
import {
  type DatabaseKind,
  DEEP_OFFSET,
  MERCHANTS_SEEDED,
  SCENARIOS,
  type Scenario,
  type ScenarioContext,
  SESSIONS_SEEDED,
  USERS_SEEDED,
  WALLET_ACCOUNTS_SEEDED,
  WITHDRAWALS_SEEDED,
} from './scenarios';
import { BENCH_MERCHANT_ID, BENCH_MERCHANT_USER_EMAIL, type SeedPlan } from './seed';
import { runTimeToCreditBench } from './time-to-credit/run-time-to-credit';

/**
 * `npm run bench`: each throughput scenario as a ratio to a bare Fastify route measured right
 * before it, in the same run with the same autocannon settings (paired, because the two cores are
 * shared and their load drifts). autocannon runs here; every server runs in its own child process.
 * Exits 0 whatever the verdicts: benchmarks inform, they do not gate.
 * Then the realtime benchmark (BENCH_REALTIME=0 skips it), Node 24 against Node 20
 * (BENCH_NODE_VERSIONS=0), the request log's cost (BENCH_API_LOG=0), time to credit (BENCH_CREDIT=0), the browser one (BENCH_BROWSER=0) and
 * Lighthouse (BENCH_LIGHTHOUSE=0).
 * Env: BENCH_DATABASES=pglite,postgres · BENCH_ONLY=<id substring>[,<another>] · BENCH_DURATION / BENCH_WARMUP
 * (seconds) · BENCH_USERS / BENCH_WALLETS / BENCH_MERCHANTS / BENCH_WITHDRAWALS (rows seeded) ·
 * BENCH_POSTGRES_URL · BENCH_POSTGRES_SOCKET=1 (the API on PostgreSQL's Unix socket instead of TCP
 * loopback) · BENCH_CPU_PROF=1 (profile each measured window) · BENCH_PIN=1 (the servers measured on
 * a CPU of their own) · BENCH_LIST_ROUNDS=N (lists against the memory page in N alternating rounds) ·
 * BENCH_SAME_RATE=1 (each list round again with both pages at one rate; see measureAtSameRate).
 */
const PLAN: SeedPlan = {
  adminEmail: 'bench-admin@example.test',
  bulkUsers: USERS_SEEDED,
  // The users the two users pages show (the newest, and those after DEEP_OFFSET rows).
  signInHistory: [
    [1, 100],
    [Math.max(1, DEEP_OFFSET - 50), 150],
  ],
  password: 'bench password that is long enough',
  walletAccounts: WALLET_ACCOUNTS_SEEDED,
  merchants: MERCHANTS_SEEDED,
  withdrawals: WITHDRAWALS_SEEDED,
};
const CURSOR_WALK_BUDGET_MS = 20_000;
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[];
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const selected = (id: string) => !only || only.some((part) => id.includes(part));
const profiling = process.env.BENCH_CPU_PROF === '1';
/**
 * BENCH_LIST_ROUNDS=N: a list's page and the same page from memory measured in N alternating
 * rounds, the verdict on the median of the rounds' ratios. One round leaves the ratio to a single
 * pair of runs minutes apart, and on two shared cores a page's CPU drifts by up to a quarter.
 */
const LIST_ROUNDS = Math.max(1, Number(process.env.BENCH_LIST_ROUNDS ?? 1));
const log = (message: string) => console.log(`[bench] ${message}`);

/** ", 215 µs server + 374 µs PostgreSQL CPU a request" when a run measured them. */
const costs = (run: Measured | undefined) =>
  run?.cpuPerRequestUs === undefined
    ? ''
    : `, ${run.cpuPerRequestUs} µs server${run.databaseCpuPerRequestUs === undefined ? '' : ` + ${run.databaseCpuPerRequestUs} µs PostgreSQL`} CPU a request`;

/** " (median of 3 rounds: 2.11, 1.86, 2.19)" after a median ratio; nothing for a single round. */
const ofRounds = (ratios: number[]) =>
  ratios.length > 1 ? ` (median of ${ratios.length} rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})` : '';

async function runScenario(
  scenario: Scenario,
  server: ServerChild,
  bare: ServerChild,
  ctx: ScenarioContext,
  databaseUrl?: string,
) {
  const base = { id: scenario.id, title: scenario.title, database: scenario.database, target: scenario.target };
  log(`${scenario.id}: ${scenario.title}`);
  const load = scenario.load(ctx);
  // The paired baseline (flat-out scenarios only): same settings and duration, a short warm-up.
  let paired: Measured | undefined;
  if (scenario.baseline) {
    paired = await measure(
      server,
      { ...scenario.baseline.load(ctx), durationSeconds: load.durationSeconds },
      undefined,
      databaseUrl,
    );
  } else if (load.pacedRate === undefined) {
    paired = await measure(bare, { ...bareLoad(bare, load.durationSeconds), warmupSeconds: 1 });
  }
  const rounds: ListRound[] = [];
  let memory: Awaited<ReturnType<typeof measureFromMemory>> | undefined;
  const runs: Measured[] = [];
  for (let round = 0; round < (scenario.listPage ? LIST_ROUNDS : 1); round += 1) {
    memory = scenario.listPage ? await measureFromMemory(bare, load) : undefined;
    const run = await measure(server, load, profiling && round === 0 ? scenario.id : undefined, databaseUrl);
    runs.push(run);
    const memoryUs = memory?.measured.cpuPerRequestUs;
    if (memoryUs && run.cpuPerRequestUs) {
      const sameRate = await measureAtSameRate(server, bare, load, run, databaseUrl);
      rounds.push({ memoryUs, listUs: run.cpuPerRequestUs, ratio: run.cpuPerRequestUs / memoryUs, sameRate });
      if (LIST_ROUNDS > 1) {
        // PostgreSQL's CPU a page and the API's share of its core tell a busy database from the API's own cost.
        const database =
          run.databaseCpuPerRequestUs === undefined ? '' : `, PostgreSQL ${run.databaseCpuPerRequestUs} µs`;
        log(
          `  round ${round + 1}: ${run.cpuPerRequestUs} µs against ${memoryUs} µs from memory (API busy ${run.server.cpuPercent} %, ${run.server.systemPercent} % of it in the kernel; memory page ${memory?.measured.server.cpuPercent} %, ${memory?.measured.server.systemPercent} %${database})`,
        );
      }
      if (sameRate) {
        log(
          `  at ${sameRate.rate} req/s both (answered ${sameRate.answered.list} and ${sameRate.answered.memory}): ${sameRate.listUs} µs against ${sameRate.memoryUs} µs from memory: ${sameRate.ratio.toFixed(2)}x (API busy ${sameRate.listBusy} %, memory page ${sameRate.memoryBusy} %)`,
        );
      }
    }
  }
  const run = runs.at(-1);
  if (!run) throw new Error('no measured run');
  const ratio = paired ? run.result.requestsPerSecond / paired.result.requestsPerSecond : undefined;
  const cpuRatio = cpuRatioOf(paired, run);
  const memoryUs = median(rounds.map((r) => r.memoryUs));
  const cpuPerRequestUs = median(rounds.map((r) => r.listUs)) ?? run.cpuPerRequestUs;
  const cpuVsMemoryPage = median(rounds.map((r) => r.ratio));
  const sameRateRatios = rounds.flatMap((r) => (r.sameRate ? [r.sameRate.ratio] : []));
  const cpuVsMemoryPageAtSameRate = median(sameRateRatios);
  // A round that got errors makes the whole scenario INVALID, not only the last round.
  const failed = runs.find(({ result }) => result.non2xx > 0 || result.errors > 0 || result.total === 0);
  const { verdict, note } = judge(scenario.target, (failed ?? run).result, ratio ?? 0, cpuVsMemoryPage);
  const { p50, p95, p99 } = run.result.latencyMs;
  log(
    `  ${run.result.requestsPerSecond} req/s (${scenario.baseline?.title ?? 'bare'} ${paired?.result.requestsPerSecond ?? '—'}${costs(paired)}), p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms${costs(run)} → ${verdict}`,
  );
  if (memory) {
    log(
      `  ${cpuPerRequestUs} µs of CPU a request against ${memoryUs} µs for the same ${memory.bytes}-byte answer from memory: ${cpuVsMemoryPage?.toFixed(1)}x${ofRounds(rounds.map((r) => r.ratio))}`,
    );
  }
  if (cpuVsMemoryPageAtSameRate !== undefined) {
    log(`  at one steady rate for both: ${cpuVsMemoryPageAtSameRate.toFixed(1)}x${ofRounds(sameRateRatios)}`);
  }
  return {
    ...base,
    verdict,
    ...(ratio === undefined ? {} : { ratio }),
    ...(cpuRatio === undefined ? {} : { cpuRatio }),
    ...(memory ? { memoryPage: { bytes: memory.bytes, cpuPerRequestUs: memoryUs }, cpuVsMemoryPage } : {}),
    ...(cpuVsMemoryPageAtSameRate === undefined ? {} : { cpuVsMemoryPageAtSameRate }),
    ...(rounds.length > 1 ? { rounds } : {}),
    result: run.result,
    server: run.server,
    cpuPerRequestUs,
    ...(run.databaseCpuPerRequestUs === undefined ? {} : { databaseCpuPerRequestUs: run.databaseCpuPerRequestUs }),
    loadAverage1m: run.loadAverage1m,
    ...(paired ? { bare: paired } : {}),
    ...(note ? { note } : {}),
  } satisfies ScenarioReport;
}

/**
 * Signs the bench's admin (and merchant) in afresh. An access token lives ten minutes
 * (ACCESS_TOKEN_TTL_SECONDS) and a run of every list takes longer, so each scenario signs in.
 */
async function signIn(ctx: ScenarioContext, merchantToo: boolean) {
  ctx.token = await signInForToken(ctx.url, PLAN.adminEmail, PLAN.password);
  if (merchantToo) ctx.merchantToken = await signInForToken(ctx.url, BENCH_MERCHANT_USER_EMAIL, PLAN.password);
}

async function runDatabase(kind: DatabaseKind, bare: ServerChild, reports: ScenarioReport[]) {
  const scenarios = SCENARIOS.filter((s) => s.database === kind && selected(s.id));
  if (scenarios.length === 0) return undefined;
  let postgres: BenchPostgres | undefined;
  let server: ServerChild | undefined;
  const setup: Record<string, unknown> = {};
  try {
    const startedAt = performance.now();
    if (kind === 'postgres') {
      postgres = await startBenchPostgres();
      pinDatabase(postgres.url);
    }
    log(
      `${kind}: starting the API, migrating and seeding ${USERS_SEEDED} users and ${WALLET_ACCOUNTS_SEEDED} wallet accounts`,
    );
    // The million sessions only when a session-list scenario runs: seeding them takes a minute.
    const sessions = scenarios.some((s) => /^(sessions-list|transactions-list|wallet-|device-)/.test(s.id))
      ? SESSIONS_SEEDED
      : 0;
    if (sessions > 0) log(`${kind}: and ${sessions} payment sessions and incoming transfers`);
    server = await startServerChild(`api-${kind}`, './server-process.ts', {
      BENCH_SEED: JSON.stringify({ ...PLAN, paymentSessions: sessions }),
      ...(postgres ? { DATABASE_URL: apiDatabaseUrl(postgres) } : {}),
    });
    setup.readyMs = Math.round(performance.now() - startedAt);
    Object.assign(setup, server.detail);
    log(`${kind}: ready in ${setup.readyMs} ms (migrate + seed ${server.detail.seedMs} ms)`);

    const ctx: ScenarioContext = { url: server.url, token: '', deepCursor: '', password: PLAN.password };
    try {
      await signIn(ctx, sessions > 0);
      if (sessions > 0) {
        ctx.sessionAccountId = await sessionAccountOf(server.url, ctx.token);
        ctx.sessionDeviceId = await deviceOfAccount(server.url, ctx.token, ctx.sessionAccountId);
      }
      const walkStartedAt = performance.now();
      const deep = await cursorAtDepth(server.url, ctx.token, DEEP_OFFSET, CURSOR_WALK_BUDGET_MS);
      ctx.deepCursor = deep.cursor;
      setup.deepPageOffset = deep.depth;
      setup.cursorWalkMs = Math.round(performance.now() - walkStartedAt);
      setup.cursorWalkPerPageMs = Math.round((setup.cursorWalkMs as number) / (deep.depth / 100));
      log(`${kind}: walked ${deep.depth} rows by nextCursor in ${setup.cursorWalkMs} ms`);
    } catch (error) {
      setup.error = (error as Error).message;
      log(`${kind}: setup call failed (the scenarios that need it will be INVALID): ${setup.error}`);
    }

    for (const scenario of scenarios) {
      try {
        await signIn(ctx, sessions > 0);
        reports.push(await runScenario(scenario, server, bare, ctx, postgres?.url));
      } catch (error) {
        const { id, title, database, target } = scenario;
        log(`  ERROR: ${(error as Error).message}`);
        reports.push({ id, title, database, target, verdict: 'ERROR', note: (error as Error).message });
      }
    }
    if (scenarios.some((s) => s.id.startsWith('sessions-list'))) {
      await signIn(ctx, true);
      // One merchant's sessions (a tenth), then everyone's: flat memory gives the same peak.
      const exports = [];
      for (const query of [`merchantId=${BENCH_MERCHANT_ID}`, '']) {
        const memory = await measureExportMemory(server, ctx.token, query);
        exports.push(memory);
        log(
          `${kind}: CSV export of ${memory.rows} sessions (${memory.megabytes} MB) in ${memory.seconds} s; server heap ${memory.heapBeforeMb} → peak ${memory.heapPeakMb} MB, RSS ${memory.rssBeforeMb} → peak ${memory.rssPeakMb} MB`,
        );
      }
      setup.exportMemory = exports;
    }
  } catch (error) {
    for (const { id, title, database, target } of scenarios) {
      reports.push({ id, title, database, target, verdict: 'ERROR', note: (error as Error).message });
    }
  } finally {
    await server?.stop();
    postgres?.stop();
  }
  return setup;
}

/** Reference row: the same-shaped 50-user page from memory, as a ratio to the bare route. */
async function runBarePage(bare: ServerChild): Promise<ScenarioReport> {
  log('bare-page: a 50-user page from memory (the HTTP + JSON ceiling of a list page)');
  const paired = await measure(bare, { ...bareLoad(bare), warmupSeconds: 1 });
  const run = await measure(bare, { url: bare.url, requests: [{ method: 'GET', path: '/bare-page' }] });
  const ratio = run.result.requestsPerSecond / paired.result.requestsPerSecond;
  log(`  ${run.result.requestsPerSecond} req/s (bare ${paired.result.requestsPerSecond})`);
  const target = { kind: 'none' } as const;
  return {
    id: 'bare-page',
    title: 'Bare Fastify, 50-user page from memory',
    database: 'none',
    target,
    ...judge(target, run.result, ratio),
    ratio,
    cpuRatio: cpuRatioOf(paired, run),
    ...run,
    bare: paired,
  };
}

async function main() {
  const startedAt = new Date();
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    /** BENCH_PIN=1: the CPUs of the measured server, autocannon and PostgreSQL (`cpu-pinning.ts`). */
    pinned: pinning ? layout : undefined,
  };
  log(
    `${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; autocannon ${LOAD.connections} connections, ` +
      `${LOAD.warmupSeconds} s warm-up + ${LOAD.durationSeconds} s per scenario`,
  );

  const loadAtStart = loadavg();
  if ((loadAtStart[0] ?? 0) > 1) {
    log(
      `warning: load average ${loadAtStart.map((n) => n.toFixed(2)).join(' ')} before the run; other processes compete for the CPUs and the figures will be noisy`,
    );
  }
  if (pinning) {
    log(
      layout.databaseOwnsCpus
        ? `BENCH_PIN=1: the servers measured on CPU ${layout.server}, autocannon on CPU ${layout.load}, PostgreSQL on CPUs ${layout.database}`
        : `BENCH_PIN=1: the servers measured on CPU ${layout.server}; autocannon and PostgreSQL share CPUs ${layout.load} (with four CPUs or more, PostgreSQL gets its own)`,
    );
  }
  pinLoad();
  const bare = await startServerChild('bare', './bare-server.ts');
  const reports: ScenarioReport[] = [];
  const setups: Record<string, unknown> = {};
  let bareFirst: Measured | undefined;
  try {
    log('bare Fastify route (warms the bare server and the load generator)');
    bareFirst = await measure(bare, bareLoad(bare), profiling ? 'bare' : undefined);
    if (selected('bare-page')) reports.push(await runBarePage(bare));
    for (const kind of databases) setups[kind] = await runDatabase(kind, bare, reports);
  } finally {
    await bare.stop();
    unpinLoad();
  }

  const pairedBare = reports.flatMap((r) => (r.bare ? [r.bare.result.requestsPerSecond] : []));
  const bareAll = [bareFirst.result.requestsPerSecond, ...pairedBare];
  const bareRow: ScenarioReport = {
    id: 'bare',
    title: 'Bare Fastify GET /bare (first run)',
    database: 'none',
    target: { kind: 'none' },
    verdict: 'INFO',
    ratio: 1,
    result: bareFirst.result,
    server: bareFirst.server,
    cpuPerRequestUs: bareFirst.cpuPerRequestUs,
    loadAverage1m: bareFirst.loadAverage1m,
    note: `bare runs (first, then one before each ratio scenario): ${bareAll.map((n) => n.toFixed(0)).join(', ')} req/s`,
  };
  printTable([bareRow, ...reports]);
  writeResults({
    startedAt: startedAt.toISOString(),
    durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    machine,
    loadAverage: { atStart: loadAtStart, atEnd: loadavg() },
    load: LOAD,
    bare: bareFirst,
    setups,
    scenarios: reports,
  });
  log(`raw results: ${RESULTS_FILE} (${Math.round((Date.now() - startedAt.getTime()) / 1000)} s in all)`);
}

await main();
// Issue 3: the device fleet's realtime events (BENCH_REALTIME=0 skips it).
if (process.env.BENCH_REALTIME !== '0') await runRealtimeBench();
// Issue 31: the same API on Node 24 and on Node 20 (BENCH_NODE_VERSIONS=0 skips it).
if (process.env.BENCH_NODE_VERSIONS !== '0') await runNodeVersions();
// Issue 33: what the merchant API's request log costs session creation (BENCH_API_LOG=0 skips it).
if (process.env.BENCH_API_LOG !== '0') await runApiLogCost();
// Issue 31: a customer's transfer reported by the phone → the merchant's webhook (BENCH_CREDIT=0 skips it).
if (process.env.BENCH_CREDIT !== '0') await runTimeToCreditBench();
if (process.env.BENCH_BROWSER !== '0') await runWalletFramesBench();
// Issue 10: Lighthouse mobile on the sign-in page and the signed-in dashboard (BENCH_LIGHTHOUSE=0 skips it).
if (process.env.BENCH_LIGHTHOUSE !== '0') await runLighthouseBench();
// Exit 0 whatever the verdicts; a crash of the harness itself exits non-zero via the rejection.
process.exit(0);
