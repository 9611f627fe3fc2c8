import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { scheduledJobs } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';

/** A job as the table keys it, and how long after a run its next one is due. */
export type JobInterval = { name: string; intervalMs: number };

export function createScheduledJobsRepository(db: Database) {
  return {
    async ensure(name: string): Promise<void> {
      await db.insert(scheduledJobs).values({ name, nextRunAt: sql`now()` }).onConflictDoNothing();
    },
    /**
     * Claims the due runs of these jobs: one guarded update moves each due job's next_run_at
     * forward, in one statement for all of them (an instance's tick is one round trip, however many
     * jobs it knows). Of several instances polling at once, exactly one gets a job's row back.
     * Returns the names claimed.
     */
    async claimDue(jobs: readonly JobInterval[], instanceId: string): Promise<Set<string>> {
      if (jobs.length === 0) return new Set();
      const due = JSON.stringify(jobs.map((job) => ({ name: job.name, ms: job.intervalMs })));
      const rows = await sqlRows<{ name: string }>(
        db,
        sql`
          update ${scheduledJobs} j
          set next_run_at = now() + d.ms * interval '1 millisecond', last_run_at = now(), last_run_by = ${instanceId}
          from json_to_recordset(${due}::json) as d(name text, ms bigint)
          where j.name = d.name and j.next_run_at <= now()
          returning j.name`,
      );
      return new Set(rows.map((row) => row.name));
    },
  };
}
