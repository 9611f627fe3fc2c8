import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { createScheduledJobsRepository } from './scheduled-jobs.repository';

type Job = { name: string; intervalMs: number; run: () => Promise<void> };

/**
 * Periodic work that must run once per interval across all instances (health-check schedule,
 * proxy checks, deadline sweeps). Each instance polls every `tickMs` with one statement for all its
 * jobs; the database decides who runs a due job (scheduled-jobs.repository claimDue). A job's
 * failure is logged, never thrown.
 */
export function createScheduler(deps: {
  db: Database;
  logger: FastifyBaseLogger;
  tickMs?: number;
  instanceId?: string;
}) {
  const repo = createScheduledJobsRepository(deps.db);
  const instanceId = deps.instanceId ?? randomUUID();
  const tickMs = deps.tickMs ?? 1000;
  const jobs: Job[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /**
   * Claims every due job in one statement, then runs the claimed ones in turn. A claimed job whose
   * interval has passed while the ones before it ran is claimed again on its own before it runs:
   * its claim is stale, another instance may have claimed and run it meanwhile (two runs of a job
   * never overlap), and skipping it instead would starve a short job behind a slow one.
   */
  async function tick() {
    let claimed: Set<string>;
    const claimedAt = performance.now();
    try {
      claimed = await repo.claimDue(jobs, instanceId);
    } catch (error) {
      deps.logger.error({ err: error }, 'scheduled jobs could not be claimed');
      return;
    }
    for (const job of jobs) {
      if (!claimed.has(job.name)) continue;
      try {
        if (performance.now() - claimedAt >= job.intervalMs) {
          const reclaimed = await repo.claimDue([job], instanceId);
          if (!reclaimed.has(job.name)) continue;
        }
        await job.run();
      } catch (error) {
        deps.logger.error({ err: error, job: job.name }, 'scheduled job failed');
      }
    }
  }

  return {
    instanceId,
    /** Registers a job; `intervalMs` 0 disables it. Call before start(). */
    every(name: string, intervalMs: number, run: () => Promise<void>) {
      if (intervalMs > 0) jobs.push({ name, intervalMs, run });
    },
    async start() {
      for (const job of jobs) await repo.ensure(job.name);
      timer = setInterval(() => {
        if (running) return; // a slow tick is not overlapped by the next one
        running = tick().finally(() => {
          running = undefined;
        });
      }, tickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
