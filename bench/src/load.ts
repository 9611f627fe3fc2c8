import autocannon from 'autocannon';

/** The same autocannon settings for the baseline and every throughput scenario. */
export const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  pipelining: 1,
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
};

export type LoadRequest = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

export type LoadOptions = {
  url: string;
  /** Cycled in order by every connection. */
  requests: LoadRequest[];
  durationSeconds?: number;
  warmupSeconds?: number;
  /** Fixed arrival rate (requests per second, all connections together) instead of flat out. */
  overallRate?: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  total: number;
  latencyMs: { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  wallMs: number;
};

function fire(options: LoadOptions, durationSeconds: number, latencies?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: LOAD.connections,
        pipelining: LOAD.pipelining,
        duration: durationSeconds,
        requests: options.requests.map((r) => ({ ...r })),
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon's histogram has p90 and p97.5 but no p95: keep every latency when asked.
    if (latencies) instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

const round = (n: number) => Math.round(n * 100) / 100;

/** A warm-up (JIT, caches, pool connections; result discarded), then the measured run. */
export async function runLoad(options: LoadOptions, hooks: { beforeMeasure?: () => Promise<void> } = {}) {
  const warmup = options.warmupSeconds ?? LOAD.warmupSeconds;
  if (warmup > 0) await fire(options, warmup);
  await hooks.beforeMeasure?.();
  const latencies: number[] = [];
  const startedAt = performance.now();
  const result = await fire(options, options.durationSeconds ?? LOAD.durationSeconds, latencies);
  const wallMs = performance.now() - startedAt;
  latencies.sort((a, b) => a - b);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
  return {
    requestsPerSecond: round(result.requests.average),
    total: result.requests.total,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
      mean: round(result.latency.mean),
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    wallMs,
  } satisfies LoadResult;
}
