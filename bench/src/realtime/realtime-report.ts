import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioResult } from './measure';

export const REALTIME_RESULTS_FILE = fileURLToPath(new URL('../../.results/realtime.json', import.meta.url));

/** Issue 3: delivered-event p99 under 250 ms and no event lost. */
export const REALTIME_TARGET = { p99Ms: 250, lost: 0 } as const;

export type RealtimeVerdict = 'PASS' | 'FAIL' | 'ERROR';

export type RealtimeRow = {
  id: string;
  title: string;
  /** The bare socket.io row this one is compared with (none for a baseline row). */
  baselineId?: string;
  verdict: RealtimeVerdict;
  /** p99 as a multiple of the baseline's p99 in the same run. */
  p99VsBaseline?: number;
  result?: ScenarioResult;
  error?: string;
};

export function judge(result: ScenarioResult): RealtimeVerdict {
  const { latencyMs, lost } = result.deliveries;
  return latencyMs.p99 < REALTIME_TARGET.p99Ms && lost <= REALTIME_TARGET.lost ? 'PASS' : 'FAIL';
}

const pad = (value: string, width: number, right = false) => (right ? value.padStart(width) : value.padEnd(width));

/** scenario, events/s, delivered, lost, p50, p99, server CPU %, p99 vs baseline, verdict. */
export function formatTable(rows: RealtimeRow[]): string {
  const header = [
    'Scenario',
    'events/s',
    'delivered',
    'lost',
    'p50 ms',
    'p99 ms',
    'server CPU %',
    'p99 ÷ bare',
    'target',
  ];
  const lines = rows.map((row) => {
    const r = row.result;
    if (!r) return [row.title, '—', '—', '—', '—', '—', '—', '—', `${row.verdict}: ${row.error ?? ''}`];
    const d = r.deliveries;
    const cpu =
      r.servers.length > 1
        ? `${r.serverCpuPercent} (${r.servers.map((s) => s.cpuPercent).join('+')})`
        : `${r.serverCpuPercent}`;
    return [
      row.title,
      r.eventsPerSecond.toFixed(1),
      `${d.delivered}/${d.expected}`,
      String(d.lost),
      d.latencyMs.p50.toFixed(1),
      d.latencyMs.p99.toFixed(1),
      cpu,
      row.p99VsBaseline !== undefined ? `${row.p99VsBaseline.toFixed(2)}×` : row.baselineId ? '—' : 'baseline',
      row.verdict,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const render = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, i > 0 && i < 8)).join('  ');
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join('\n');
}

export function writeRealtimeResults(report: unknown): void {
  mkdirSync(dirname(REALTIME_RESULTS_FILE), { recursive: true });
  writeFileSync(REALTIME_RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
}
