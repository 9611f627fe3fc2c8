import { type Alert, WEBHOOK_SIGNATURE_HEADER } from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Mailer } from '../mail/mailer';
import { signWebhook } from '../webhooks/webhook-signature';

const WEBHOOK_TIMEOUT_MS = 10_000;

/** The one line a person reads first, in mail subjects and chat messages. */
export const ALERT_TITLES: Record<Alert['kind'], string> = {
  device_offline: 'Phone offline',
  wallet_auto_disabled: 'Wallet account auto-disabled',
  withdrawal_uncertain: 'Withdrawal uncertain',
  sending_balance_low: 'Sending account balance low',
  webhook_failing: 'Merchant webhook failing',
  transfers_waiting: 'Transfers waiting for review',
  method_without_ready_account: 'Payment method without a ready account',
};

export type AlertChange = { change: 'opened' | 'resolved'; alert: Alert };

const headline = ({ change, alert }: AlertChange) =>
  `${change === 'opened' ? '' : 'Resolved: '}${ALERT_TITLES[alert.kind]}: ${alert.subjectLabel}`;

/**
 * Tells people outside the console: a mail to ALERT_EMAILS and a signed POST to ALERT_WEBHOOK_URL
 * (or a Slack-compatible body). A failed delivery is logged; the alert stays in the console.
 */
export function createAlertNotifier(deps: {
  config: Pick<
    Config,
    'ALERT_EMAILS' | 'ALERT_WEBHOOK_URL' | 'ALERT_WEBHOOK_SECRET' | 'ALERT_WEBHOOK_FORMAT' | 'ADMIN_CONSOLE_URL'
  >;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}) {
  const { config } = deps;

  async function mail(change: AlertChange) {
    const link = new URL('/alerts', config.ADMIN_CONSOLE_URL).toString();
    const lines = [
      headline(change),
      '',
      `Opened: ${change.alert.openedAt}`,
      ...(change.alert.resolvedAt ? [`Resolved: ${change.alert.resolvedAt}`] : []),
      ...Object.entries(change.alert.details).map(([key, value]) => `${key}: ${String(value)}`),
      '',
      `See every alert: ${link}`,
    ];
    await Promise.all(
      config.ALERT_EMAILS.map((to) =>
        deps.mailer.send({ to, subject: `[Gerbang] ${headline(change)}`, text: lines.join('\n') }),
      ),
    );
  }

  async function post(change: AlertChange) {
    if (!config.ALERT_WEBHOOK_URL) return;
    const body = JSON.stringify(
      config.ALERT_WEBHOOK_FORMAT === 'slack'
        ? { text: headline(change) }
        : { type: `alert.${change.change}`, data: change.alert },
    );
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Gerbang-Alerts/1.0' };
    if (config.ALERT_WEBHOOK_SECRET)
      headers[WEBHOOK_SIGNATURE_HEADER] = signWebhook(config.ALERT_WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000));
    const response = await fetch(config.ALERT_WEBHOOK_URL, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`alert webhook answered ${response.status}`);
  }

  return {
    async notify(changes: AlertChange[]): Promise<void> {
      for (const change of changes) {
        const outcomes = await Promise.allSettled([mail(change), post(change)]);
        for (const outcome of outcomes)
          if (outcome.status === 'rejected')
            deps.logger.warn({ err: outcome.reason, alert: change.alert.id }, 'alert notification failed');
      }
    },
  };
}
export type AlertNotifier = ReturnType<typeof createAlertNotifier>;
