import type { AppContext } from './app-context';
import { registerAlertJobs } from './modules/alerts/alerts';
import { registerApiLogPrune } from './modules/api-logs/api-logs';
import { fleetOf } from './modules/devices/fleet';
import { registerHealthCheckJobs } from './modules/health-checks/health-check-jobs';
import { registerLedgerCheck } from './modules/ledger/ledger-check';
import { registerTeamApprovalsWork } from './modules/merchant-team/team-approvals';
import { metricsOf } from './modules/operations/metrics';
import { paymentSessionsOf } from './modules/payment-sessions/payment-sessions';
import { registerPaymentSessionsWork } from './modules/payment-sessions/payment-sessions-work';
import { proxiesOf, registerProxyChecks } from './modules/proxies/proxies';
import { registerWalletJobs } from './modules/wallets/wallet-jobs';
import { walletsOf } from './modules/wallets/wallets';
import { registerWebhookWork, webhooksOf } from './modules/webhooks/webhooks';
import { withdrawalsOf } from './modules/withdrawals/withdrawals';
import { registerWithdrawalsWork } from './modules/withdrawals/withdrawals-work';

/**
 * The composition root of the app's background work: every scheduled job (run once per interval
 * across instances, by the scheduler started when the app is ready) and every listener of the
 * app's events, registered here, in one place, before the app is ready. A module's parts are built
 * on first use (its `…Of(ctx)`), and building them registers nothing. The agent namespace's
 * presence reaper is registered with the namespace it sweeps (attachAgents), and the realtime
 * listeners with the sockets they reach (attachRealtime), both called from buildApp.
 */
export function registerBackgroundWork(ctx: AppContext): void {
  registerHealthCheckJobs(ctx, fleetOf(ctx).healthChecks);
  registerWalletJobs(ctx, walletsOf(ctx));
  registerProxyChecks(ctx, proxiesOf(ctx));
  registerPaymentSessionsWork(ctx, paymentSessionsOf(ctx));
  registerWithdrawalsWork(ctx, withdrawalsOf(ctx));
  registerWebhookWork(ctx, webhooksOf(ctx));
  registerLedgerCheck(ctx);
  registerAlertJobs(ctx);
  registerTeamApprovalsWork(ctx);
  registerApiLogPrune(ctx);
  metricsOf(ctx).listen();
}
