import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useWebhookEvent, WEBHOOK_EVENTS_KEY } from '../api/get-webhook-events';
import { WebhookEventItem } from './webhook-event-item';

/**
 * One event: its attempts (and Resend for who may), the URL each went to, and the exact body sent.
 * Loaded when an event is opened (not with the list): it draws the deliveries' piece and its texts.
 */
export default function WebhookEventDetail({ id }: { id: string }) {
  const { t } = useTranslation(['webhooks']);
  const apiErrorMessage = useApiErrorMessage();
  const query = useWebhookEvent(id);
  const event = query.data;
  return (
    <>
      {query.isError ? <FormError>{apiErrorMessage(query.error)}</FormError> : null}
      {query.isPending ? <Spinner label={t('webhooks:detail.loading')} /> : null}
      {event ? (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col gap-2">
            <WebhookEventItem event={event} onResent={WEBHOOK_EVENTS_KEY} />
          </ul>
          {event.deliveries.length > 0 ? (
            <p className="text-sm break-all text-gray-700 dark:text-gray-300">
              {t('webhooks:detail.sentTo', { url: event.deliveries.at(-1)?.url })}
            </p>
          ) : null}
          <section aria-labelledby="webhook-body-heading">
            <h3 id="webhook-body-heading" className="mb-2 text-base font-semibold text-gray-900 dark:text-white">
              {t('webhooks:detail.body')}
            </h3>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
              tabIndex={0}
              className="max-h-96 overflow-auto rounded-md bg-gray-100 p-3 font-mono text-xs break-all whitespace-pre-wrap dark:bg-gray-800"
            >
              {JSON.stringify(event.body, null, 2)}
            </pre>
          </section>
        </div>
      ) : null}
    </>
  );
}
