/** A latency distribution as the benches report it (ms). */
export type LatencySummary = { p50: number; p90: number; p95: number; p99: number; max: number; mean: number };

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/** Nearest-rank percentiles of the latencies (0 for none), rounded to `decimals`. */
export function summarizeLatencies(latencies: readonly number[], decimals = 1): LatencySummary {
  const round = (n: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;
  const sorted = Float64Array.from(latencies).sort();
  const mean = sorted.length === 0 ? 0 : sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(mean),
  };
}
