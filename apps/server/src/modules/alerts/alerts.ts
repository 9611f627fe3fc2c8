import type { AppContext } from '../../app-context';
import type { Broadcaster } from '../realtime/broadcaster';
import { createWalletsRepository } from '../wallets/wallets.repository';
import { createAlertConditionsRepository } from './alert-conditions.repository';
import { createAlertEvaluation } from './alert-evaluation';
import { createAlertNotifier } from './alert-notifier';
import { createAlertsRepository } from './alerts.repository';
import { type AlertsService, createAlertsService } from './alerts.service';

export const ALERTS_JOB = 'alerts.evaluate';

type Alerts = { service: AlertsService; bind(consoles: Broadcaster): void };
const all = new WeakMap<AppContext, Alerts>();

/** The alerts of one app: the service, told where consoles listen once realtime is attached. */
export function alertsOf(ctx: AppContext): Alerts {
  const existing = all.get(ctx);
  if (existing) return existing;
  let consoles: Broadcaster | null = null;
  const service = createAlertsService({
    repo: createAlertsRepository(ctx.db),
    evaluation: createAlertEvaluation({
      conditions: createAlertConditionsRepository(ctx.db),
      wallets: createWalletsRepository(ctx.db),
    }),
    notifier: createAlertNotifier({ config: ctx.config, mailer: ctx.mailer, logger: ctx.logger }),
    audit: ctx.audit,
    onChanged: () => consoles?.emitToArea('alerts', 'alerts:changed'),
  });
  const alerts = {
    service,
    bind(broadcaster: Broadcaster) {
      consoles = broadcaster;
    },
  };
  all.set(ctx, alerts);
  return alerts;
}

/** The rules are evaluated every ALERT_EVALUATE_SECONDS, by one instance at a time. */
export function registerAlertJobs(ctx: AppContext): void {
  const { service } = alertsOf(ctx);
  ctx.scheduler.every(ALERTS_JOB, ctx.config.ALERT_EVALUATE_SECONDS * 1000, async () => {
    await service.evaluate();
  });
}
