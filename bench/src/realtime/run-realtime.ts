import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import { type BenchPostgres, startBenchPostgres } from '../postgres';
import { signInConsoles } from './console-sign-in';
import type { BenchDevices } from './device-tokens';
import type { ConsoleUsers } from './gerbang-instance';
import { type MeasureSettings, measureScenario, type ScenarioResult, type Topology } from './measure';
import {
  formatTable,
  judge,
  REALTIME_RESULTS_FILE,
  REALTIME_TARGET,
  type RealtimeRow,
  writeRealtimeResults,
} from './realtime-report';
import { type BenchRedis, hasRedisServer, startRedis } from './redis';
import { type ServerChild, startServerChild } from './server-child';

/**
 * The realtime benchmark (issue 3): 1,000 simulated devices heartbeating every second and
 * toggling busy (each every 10 s: 100 busy changes/s), 20 console clients, 60 s measured, against
 * a bare socket.io broadcast of the same events in the same run; then the same over Redis with
 * two instances (devices on A, consoles on B).
 *
 * Processes (2 shared cores): each server in its own child, the 1,000 devices in another child
 * (device-load.ts), the 20 consoles here. This process does nothing else while measuring, so the
 * clients that stamp arrivals are not queued behind the load generator.
 *
 * Run: `node --import tsx bench/src/realtime/run-realtime.ts` (or call runRealtimeBench()).
 * Env: BENCH_REALTIME_SECONDS (60), BENCH_REALTIME_WARMUP (5), BENCH_REALTIME_DEVICES (1000),
 * BENCH_REALTIME_CONSOLES (20), BENCH_REALTIME_HEARTBEAT_MS (1000), BENCH_REALTIME_BUSY_EVERY_MS
 * (10000), BENCH_REALTIME_SCENARIOS (single,redis; or ids: bare,gerbang,gerbang-postgres,bare-redis,
 * gerbang-redis),
 * BENCH_REALTIME_PROFILE=1 (CPU-profile the
 * Gerbang servers over the window), BENCH_POSTGRES_URL (PostgreSQL for the Redis scenario).
 */
export type RealtimeBenchOptions = {
  seconds?: number;
  warmupSeconds?: number;
  devices?: number;
  consoles?: number;
  heartbeatMs?: number;
  busyEveryMs?: number;
  /** Scenario ids (bare, gerbang, bare-redis, gerbang-redis) or groups (single, redis). */
  scenarios?: string[];
  profile?: boolean;
  log?: (message: string) => void;
};

export type RealtimeReport = {
  startedAt: string;
  durationSeconds: number;
  machine: Record<string, unknown>;
  loadAverage: { atStart: number[]; atEnd: number[] };
  settings: Omit<MeasureSettings, 'log'> & { consoles: number };
  target: typeof REALTIME_TARGET;
  rows: RealtimeRow[];
};

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const CONSOLE_PASSWORD = 'realtime bench password, long enough';

/** Starts servers, measures, and always stops what it started (in reverse order). */
async function withResources<T>(run: (own: <R extends { stop(): unknown }>(r: R) => R) => Promise<T>): Promise<T> {
  const started: { stop(): unknown }[] = [];
  try {
    return await run((resource) => {
      started.push(resource);
      return resource;
    });
  } finally {
    for (const resource of started.reverse()) await Promise.resolve(resource.stop()).catch(() => {});
  }
}

export async function runRealtimeBench(options: RealtimeBenchOptions = {}): Promise<RealtimeReport> {
  const log = options.log ?? ((message: string) => console.log(`[bench:realtime] ${message}`));
  const consoleCount = options.consoles ?? envNumber('BENCH_REALTIME_CONSOLES', 20);
  const settings: MeasureSettings = {
    devices: options.devices ?? envNumber('BENCH_REALTIME_DEVICES', 1000),
    heartbeatMs: options.heartbeatMs ?? envNumber('BENCH_REALTIME_HEARTBEAT_MS', 1000),
    busyEveryMs: options.busyEveryMs ?? envNumber('BENCH_REALTIME_BUSY_EVERY_MS', 10_000),
    connectSpreadMs: 5_000,
    onlineTimeoutMs: 60_000,
    warmupSeconds: options.warmupSeconds ?? envNumber('BENCH_REALTIME_WARMUP', 5),
    seconds: options.seconds ?? envNumber('BENCH_REALTIME_SECONDS', 60),
    profile: options.profile ?? process.env.BENCH_REALTIME_PROFILE === '1',
    log,
  };
  const asked = options.scenarios ?? (process.env.BENCH_REALTIME_SCENARIOS ?? 'single,redis').split(',');
  const groups: Record<string, string[]> = {
    single: ['bare', 'gerbang', 'gerbang-postgres'],
    redis: ['bare-redis', 'gerbang-redis'],
  };
  const selected = new Set(asked.flatMap((id) => groups[id.trim()] ?? [id.trim()]));
  // Checked before any work: a missing tool is said plainly, and only what needs it is skipped.
  if ((selected.has('bare-redis') || selected.has('gerbang-redis')) && !hasRedisServer()) {
    log('redis-server is not installed (Debian: sudo apt-get install redis-server): skipping the Redis scenarios');
    selected.delete('bare-redis');
    selected.delete('gerbang-redis');
  }
  const users: ConsoleUsers = {
    emails: Array.from({ length: consoleCount }, (_, i) => `rt-console-${i + 1}@example.test`),
    password: CONSOLE_PASSWORD,
  };
  const devicePlan: BenchDevices = { count: settings.devices, secret: randomBytes(32).toString('hex') };
  const secrets = {
    BENCH_JWT_SECRET: randomBytes(32).toString('hex'),
    BENCH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    BENCH_CONSOLE_USERS: JSON.stringify(users),
    BENCH_DEVICES: JSON.stringify(devicePlan),
  };
  const rows: RealtimeRow[] = [];
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  log(
    `${settings.devices} devices (heartbeat ${settings.heartbeatMs} ms, busy toggle every ${settings.busyEveryMs} ms), ` +
      `${consoleCount} consoles, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per scenario; ` +
      `${machine.cpus} × ${machine.cpuModel}, load average ${loadAtStart.map((n) => n.toFixed(2)).join(' ')}`,
  );

  /** Runs one scenario into `rows`; a failure becomes an ERROR row, not an aborted run. */
  const scenario = async (
    id: string,
    title: string,
    baselineId: string | undefined,
    run: () => Promise<ScenarioResult>,
  ) => {
    if (!selected.has(id)) return;
    try {
      const result = await run();
      const baseline = baselineId ? rows.find((r) => r.id === baselineId)?.result : undefined;
      const p99VsBaseline =
        baseline && baseline.deliveries.latencyMs.p99 > 0
          ? Math.round((result.deliveries.latencyMs.p99 / baseline.deliveries.latencyMs.p99) * 100) / 100
          : undefined;
      const row: RealtimeRow = { id, title, verdict: judge(result), result, ...(baselineId ? { baselineId } : {}) };
      if (p99VsBaseline !== undefined) row.p99VsBaseline = p99VsBaseline;
      rows.push(row);
      const d = result.deliveries;
      log(
        `${id}: ${result.eventsPerSecond} events/s, ${d.delivered}/${d.expected} delivered (${d.lost} lost, ${d.unexpected} unexpected), ` +
          `p50 ${d.latencyMs.p50} ms, p99 ${d.latencyMs.p99} ms, max ${d.latencyMs.max} ms, server CPU ${result.serverCpuPercent}% → ${row.verdict}`,
      );
    } catch (error) {
      log(`${id}: ERROR ${(error as Error).message}`);
      rows.push({
        id,
        title,
        verdict: 'ERROR',
        error: (error as Error).message,
        ...(baselineId ? { baselineId } : {}),
      });
    }
  };

  const bareTopology = (id: string, title: string, a: ServerChild, b: ServerChild): Topology => ({
    id,
    title,
    mode: 'bare',
    deviceServer: a,
    consoleServer: b,
    servers: a === b ? [a] : [a, b],
    consoleTokens: users.emails.map(() => null),
  });
  const gerbangTopology = async (id: string, title: string, a: ServerChild, b: ServerChild): Promise<Topology> => ({
    id,
    title,
    mode: 'gerbang',
    deviceServer: a,
    consoleServer: b,
    servers: a === b ? [a] : [a, b],
    consoleTokens: await signInConsoles(b.url, users.emails, users.password),
    tokenSecret: devicePlan.secret,
  });

  if (selected.has('bare') || selected.has('gerbang') || selected.has('gerbang-postgres')) {
    await scenario('bare', 'bare socket.io, 1 instance', undefined, () =>
      withResources(async (own) => {
        const bare = own(await startServerChild('bare', './bare-broadcast.ts'));
        return measureScenario(bareTopology('bare', 'bare socket.io, 1 instance', bare, bare), settings);
      }),
    );
    await scenario('gerbang', 'Gerbang, 1 instance, PGlite', 'bare', () =>
      withResources(async (own) => {
        const api = own(await startServerChild('gerbang', './gerbang-instance.ts', secrets));
        return measureScenario(await gerbangTopology('gerbang', 'Gerbang, 1 instance, PGlite', api, api), settings);
      }),
    );
    // A large fleet's production setting: one instance on PostgreSQL (PGlite runs in the server's thread).
    await scenario('gerbang-postgres', 'Gerbang, 1 instance, PostgreSQL', 'bare', () =>
      withResources(async (own) => {
        const postgres: BenchPostgres = own(await startBenchPostgres());
        const api = own(
          await startServerChild('gerbang', './gerbang-instance.ts', { ...secrets, DATABASE_URL: postgres.url }),
        );
        return measureScenario(
          await gerbangTopology('gerbang-postgres', 'Gerbang, 1 instance, PostgreSQL', api, api),
          settings,
        );
      }),
    );
  }

  if (selected.has('bare-redis') || selected.has('gerbang-redis')) {
    await withResources(async (own) => {
      let redis: BenchRedis;
      try {
        redis = own(await startRedis());
      } catch (error) {
        for (const [id, title] of [
          ['bare-redis', 'bare socket.io, 2 instances, Redis'],
          ['gerbang-redis', 'Gerbang, 2 instances, Redis, PostgreSQL'],
        ] as const) {
          rows.push({ id, title, verdict: 'ERROR', error: (error as Error).message });
        }
        return;
      }
      const redisEnv = { REDIS_URL: redis.url };
      await scenario('bare-redis', 'bare socket.io, 2 instances, Redis', undefined, () =>
        withResources(async (ownHere) => {
          const a = ownHere(await startServerChild('bare-a', './bare-broadcast.ts', redisEnv));
          const b = ownHere(await startServerChild('bare-b', './bare-broadcast.ts', redisEnv));
          return measureScenario(bareTopology('bare-redis', 'bare socket.io, 2 instances, Redis', a, b), settings);
        }),
      );
      await scenario('gerbang-redis', 'Gerbang, 2 instances, Redis, PostgreSQL', 'bare-redis', () =>
        withResources(async (ownHere) => {
          const postgres: BenchPostgres = ownHere(await startBenchPostgres());
          const env = { ...secrets, ...redisEnv, DATABASE_URL: postgres.url };
          // One after the other: the first migrates and seeds, the second finds it done.
          const a = ownHere(await startServerChild('gerbang-a', './gerbang-instance.ts', env));
          const b = ownHere(await startServerChild('gerbang-b', './gerbang-instance.ts', env));
          return measureScenario(
            await gerbangTopology('gerbang-redis', 'Gerbang, 2 instances, Redis, PostgreSQL', a, b),
            settings,
          );
        }),
      );
    });
  }

  const { log: _log, ...recorded } = settings;
  const report: RealtimeReport = {
    startedAt: startedAt.toISOString(),
    durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    machine,
    loadAverage: { atStart: loadAtStart, atEnd: loadavg() },
    settings: { ...recorded, consoles: consoleCount },
    target: REALTIME_TARGET,
    rows,
  };
  console.log(`\n${formatTable(rows)}\n`);
  log(
    `target: p99 < ${REALTIME_TARGET.p99Ms} ms and none lost · server CPU: 100% = one core, summed over instances · load average at end ${report.loadAverage.atEnd.map((n) => n.toFixed(2)).join(' ')}`,
  );
  writeRealtimeResults(report);
  log(`raw results: ${REALTIME_RESULTS_FILE} (${report.durationSeconds} s in all)`);
  return report;
}

// Run directly: benchmarks inform, they do not gate (exit 0 whatever the verdicts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runRealtimeBench();
  process.exit(0);
}
