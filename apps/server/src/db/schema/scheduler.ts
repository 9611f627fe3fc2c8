import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Periodic jobs shared by every instance: an instance runs a job only after moving next_run_at
 * forward with a guarded update, so each due run happens once however many instances there are.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunBy: text('last_run_by'),
});
