import { canUser, type WebhookEventSummary } from '@gerbang/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useResendWebhook } from '../api/resend-webhook-event';

const WEBHOOK_TONES: Record<WebhookEventSummary['status'], BadgeTone> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
  skipped: 'gray',
};

/**
 * One webhook event the merchant was sent about a session, a withdrawal or a refund: its delivery
 * attempts, and Resend for who may; `onResent` is the query read again after a resend.
 */
export function WebhookEventItem({ event, onResent }: { event: WebhookEventSummary; onResent: QueryKey }) {
  const { t } = useTranslation(['paymentSessions']);
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();
  const { user } = useSession();
  const resend = useResendWebhook(onResent);
  const canResend = canUser(user, 'webhooks', 'operate');
  return (
    <li className="rounded-md border border-gray-200 p-3 dark:border-gray-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-mono">{event.type}</span>
          <Badge tone={WEBHOOK_TONES[event.status]}>{t(`paymentSessions:webhookStatuses.${event.status}`)}</Badge>
          {event.endpointId ? <Badge tone="purple">{t('paymentSessions:detail.webhook.furtherEndpoint')}</Badge> : null}
          <span className="text-gray-700 dark:text-gray-300">
            {t('paymentSessions:detail.webhook.attempts')}: {event.attempts}
            {event.nextAttemptAt
              ? ` · ${t('paymentSessions:detail.webhook.nextAttempt')}: ${formatDateTime(event.nextAttemptAt)}`
              : ''}
          </span>
        </div>
        {canResend ? (
          <Button
            variant="secondary"
            isLoading={resend.isPending && resend.variables === event.id}
            onClick={() =>
              resend.mutate(event.id, {
                onSuccess: () => toast.success(t('paymentSessions:detail.webhook.resent')),
                onError: (error) => toast.error(apiErrorMessage(error)),
              })
            }
          >
            {t('paymentSessions:detail.webhook.resend')}
          </Button>
        ) : null}
      </div>
      {event.deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {t(
            event.status === 'skipped'
              ? 'paymentSessions:detail.webhook.neverSent'
              : 'paymentSessions:detail.webhook.noDeliveries',
          )}
        </p>
      ) : (
        <ul aria-label={t('paymentSessions:detail.webhook.deliveries')} className="mt-2 flex flex-col gap-1 text-sm">
          {event.deliveries.map((delivery) => (
            <li key={delivery.attempt} className="text-gray-700 dark:text-gray-300">
              {t('paymentSessions:detail.webhook.attempt', { attempt: delivery.attempt })} ·{' '}
              {formatDateTime(delivery.at)} ·{' '}
              {delivery.statusCode
                ? t('paymentSessions:detail.webhook.statusCode', { code: delivery.statusCode })
                : '—'}{' '}
              · {t('paymentSessions:detail.webhook.duration', { ms: delivery.durationMs })}
              {delivery.error ? (
                <span className="block break-all text-red-800 dark:text-red-300">{delivery.error}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
