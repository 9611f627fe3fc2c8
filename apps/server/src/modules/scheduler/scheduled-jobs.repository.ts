import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { scheduledJobs } from '../../db/schema';

export function createScheduledJobsRepository(db: Database) {
  return {
    async ensure(name: string): Promise<void> {
      await db.insert(scheduledJobs).values({ name, nextRunAt: sql`now()` }).onConflictDoNothing();
    },
    /**
     * Claims the job's due run: one guarded update moves next_run_at forward. Of several instances
     * polling at once, exactly one gets the row back.
     */
    async claimDue(name: string, intervalMs: number, instanceId: string): Promise<boolean> {
      const rows = await db
        .update(scheduledJobs)
        .set({
          nextRunAt: sql`now() + ${`${intervalMs} milliseconds`}::interval`,
          lastRunAt: sql`now()`,
          lastRunBy: instanceId,
        })
        .where(and(eq(scheduledJobs.name, name), lte(scheduledJobs.nextRunAt, sql`now()`)))
        .returning({ name: scheduledJobs.name });
      return rows.length === 1;
    },
  };
}
