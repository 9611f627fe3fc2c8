import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { type LatencySummary, summarizeLatencies } from './latency';

/** The same autocannon settings for the baseline and every throughput scenario. */
export const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  pipelining: 1,
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
};

export type LoadRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Replaced, in the body and the headers, by a number unique to each request sent (idempotency keys). */
  uniqueToken?: string;
};

let sent = 0;
const runId = Math.random().toString(36).slice(2, 8);
/** The request with its unique token filled in, or as it is. */
function materialize<R extends LoadRequest>(spec: R): R {
  if (!spec.uniqueToken) return spec;
  sent += 1;
  const fill = (text: string) => text.split(spec.uniqueToken as string).join(`${runId}-${sent}`);
  return {
    ...spec,
    ...(spec.body ? { body: fill(spec.body) } : {}),
    ...(spec.headers
      ? { headers: Object.fromEntries(Object.entries(spec.headers).map(([k, v]) => [k, fill(v)])) }
      : {}),
  };
}

export type LoadOptions = {
  url: string;
  /** Cycled in order by every connection. */
  requests: LoadRequest[];
  durationSeconds?: number;
  warmupSeconds?: number;
  /**
   * Open-loop arrivals evenly spaced at this rate (requests per second) instead of flat out.
   * Not autocannon's overallRate: that sends each connection's quota back to back at the start
   * of every second, so "20 per second" arrives as bursts of 10 at once and p95 measures how
   * fast a burst drains, not latency at a steady 20/s.
   */
  pacedRate?: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  total: number;
  latencyMs: LatencySummary;
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
        requests: options.requests.map(
          (r): autocannon.Request =>
            r.uniqueToken
              ? { ...r, setupRequest: (req) => materialize({ ...(req as LoadRequest), uniqueToken: r.uniqueToken }) }
              : { ...r },
        ),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon's histogram has p90 and p97.5 but no p95: keep every latency when asked.
    if (latencies) instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A warm-up (JIT, caches, pool connections; result discarded), then the measured run. */
export async function runLoad(options: LoadOptions, hooks: { beforeMeasure?: () => Promise<void> } = {}) {
  const warmup = options.warmupSeconds ?? LOAD.warmupSeconds;
  const duration = options.durationSeconds ?? LOAD.durationSeconds;
  if (options.pacedRate) {
    if (warmup > 0) await firePaced(options, options.pacedRate, warmup);
    await hooks.beforeMeasure?.();
    return firePaced(options, options.pacedRate, duration);
  }
  if (warmup > 0) await fire(options, warmup);
  await hooks.beforeMeasure?.();
  const latencies: number[] = [];
  const startedAt = performance.now();
  const result = await fire(options, duration, latencies);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
  return summarize(latencies, {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    wallMs: performance.now() - startedAt,
  });
}

function summarize(latencies: number[], rest: Omit<LoadResult, 'latencyMs'>): LoadResult {
  return { ...rest, requestsPerSecond: round(rest.requestsPerSecond), latencyMs: summarizeLatencies(latencies, 2) };
}

/** One request every 1000/rate ms whatever the responses (open loop: no coordinated omission). */
async function firePaced(options: LoadOptions, rate: number, durationSeconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(options.url);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const send = (spec: LoadRequest) =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: spec.path,
          method: spec.method,
          headers: spec.headers,
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - sentAt);
            const code = String(res.statusCode);
            statusCodes[code] = (statusCodes[code] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(spec.body);
    });

  const total = Math.round(rate * durationSeconds);
  const startedAt = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = startedAt + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(materialize(options.requests[i % options.requests.length] as LoadRequest)));
  }
  await Promise.all(inFlight);
  const wallMs = performance.now() - startedAt;
  agent.destroy();
  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return summarize(latencies, {
    requestsPerSecond: latencies.length / (wallMs / 1000),
    total: latencies.length,
    non2xx,
    errors,
    timeouts: 0,
    statusCodes,
    wallMs,
  });
}
