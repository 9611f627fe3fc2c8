import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Messages between the orchestrator (run-all.ts) and a server child process. */

export type ChildUsage = {
  /** process.cpuUsage() of the child, in microseconds since it started. */
  cpu: NodeJS.CpuUsage;
  /** performance.eventLoopUtilization() of the child since it started (milliseconds). */
  elu: { idle: number; active: number };
  /** Event-loop delay since the previous probe (ms): a long max means the loop itself was blocked. */
  loopDelay: { p99: number; max: number };
  /** process.memoryUsage() of the child now (bytes). */
  memory: { rss: number; heapUsed: number };
};

export type ChildMessage =
  | { type: 'ready'; port: number; detail?: Record<string, unknown> }
  | { type: 'profiled'; file: string }
  | { type: 'held' }
  | { type: 'usage'; usage: ChildUsage }
  | { type: 'failed'; message: string };

export type ParentMessage =
  | { type: 'usage' }
  | { type: 'stop' }
  /** Keep this answer body in memory and serve it as GET /memory-page (the bare server). */
  | { type: 'hold-page'; body: string }
  /** Profile the main thread until profile-stop, then write the .cpuprofile to `file`. */
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string };

/** Answers the orchestrator's usage probes and stop requests; shared by both server children. */
export function serveParent(onStop: () => Promise<void>, onHoldPage?: (body: string) => void): void {
  let profiler: Session | undefined;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  process.on('message', async (message: ParentMessage) => {
    if (message.type === 'usage') {
      const { idle, active } = performance.eventLoopUtilization();
      const delay = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
      loopDelay.reset();
      const { rss, heapUsed } = process.memoryUsage();
      send({
        type: 'usage',
        usage: { cpu: process.cpuUsage(), elu: { idle, active }, loopDelay: delay, memory: { rss, heapUsed } },
      });
    } else if (message.type === 'profile-start') {
      profiler ??= new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      send({ type: 'profiled', file: '' });
    } else if (message.type === 'profile-stop' && profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      writeFileSync(message.file, JSON.stringify(profile));
      send({ type: 'profiled', file: message.file });
    } else if (message.type === 'hold-page' && onHoldPage) {
      onHoldPage(message.body);
      send({ type: 'held' });
    } else if (message.type === 'stop') {
      await onStop().catch(() => {});
      // A normal exit (not a kill) so --cpu-prof can write its profile.
      process.exit(0);
    }
  });
  // Orphaned (the orchestrator died): do not linger holding a port or a data directory.
  process.on('disconnect', () => void onStop().finally(() => process.exit(0)));
}

export function send(message: ChildMessage): void {
  process.send?.(message);
}
