import type { AppContext } from '../../app-context';
import type { Wallets } from './wallets';

/** Deadlines are whole seconds: a sweep each second ends overdue checks and login steps promptly. */
const DEADLINE_SWEEP_MS = 1000;

/** Registered before the app is ready; the scheduler runs each due job once across instances. */
export function registerWalletJobs(ctx: AppContext, wallets: Wallets): void {
  ctx.scheduler.every('wallets.deadline-sweep', DEADLINE_SWEEP_MS, async () => {
    await wallets.checks.failOverdue();
    await wallets.login.sweep();
  });
  ctx.scheduler.every('wallets.check-schedule', ctx.config.WALLET_CHECK_SCHEDULE_MINUTES * 60_000, () =>
    wallets.checks.runScheduled(),
  );
}
