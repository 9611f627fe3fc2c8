import type { AppContext } from '../../app-context';
import type { HealthChecksService } from './health-checks.service';

/** How often overdue CHECKING runs are failed with reason timeout (deadlines are whole seconds). */
const DEADLINE_SWEEP_MS = 1000;

/** Registered before the app is ready; the scheduler runs each due job once across instances. */
export function registerHealthCheckJobs(ctx: AppContext, service: HealthChecksService): void {
  ctx.scheduler.every('health-checks.deadline-sweep', DEADLINE_SWEEP_MS, () => service.failOverdue());
  ctx.scheduler.every('health-checks.schedule', ctx.config.HEALTH_CHECK_SCHEDULE_MINUTES * 60_000, () =>
    service.runScheduled(),
  );
}
