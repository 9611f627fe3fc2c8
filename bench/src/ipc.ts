import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** Messages between the orchestrator (run-all.ts) and a server child process. */

export type ChildUsage = {
  /** process.cpuUsage() of the child, in microseconds since it started. */
  cpu: NodeJS.CpuUsage;
  /** performance.eventLoopUtilization() of the child since it started (milliseconds). */
  elu: { idle: number; active: number };
};

export type ChildMessage =
  | { type: 'ready'; port: number; detail?: Record<string, unknown> }
  | { type: 'profiled'; file: string }
  | { type: 'usage'; usage: ChildUsage }
  | { type: 'failed'; message: string };

export type ParentMessage =
  | { type: 'usage' }
  | { type: 'stop' }
  /** Profile the main thread until profile-stop, then write the .cpuprofile to `file`. */
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string };

/** Answers the orchestrator's usage probes and stop requests; shared by both server children. */
export function serveParent(onStop: () => Promise<void>): void {
  let profiler: Session | undefined;
  process.on('message', async (message: ParentMessage) => {
    if (message.type === 'usage') {
      const { idle, active } = performance.eventLoopUtilization();
      send({ type: 'usage', usage: { cpu: process.cpuUsage(), elu: { idle, active } } });
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
