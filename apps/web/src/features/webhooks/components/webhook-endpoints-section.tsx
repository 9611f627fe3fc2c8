import { WEBHOOK_ENDPOINTS_MAX, type WebhookEndpointItem } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { Modal } from '../../../components/ui/modal';
import { SecretReveal } from '../../../components/ui/secret-reveal';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSendTestWebhook } from '../api/get-webhook-events';
import { useRemoveWebhookEndpoint, useWebhookEndpoints } from '../api/webhook-endpoints';
import { EndpointHealthNotes } from './endpoint-health-notes';
import { RotateSecretModal } from './rotate-secret-modal';
import { WebhookEndpointFormModal } from './webhook-endpoint-form-modal';

type Open =
  | { kind: 'add' }
  | { kind: 'edit' | 'secret'; endpoint: WebhookEndpointItem }
  | { kind: 'created'; secret: string };

function EndpointCard({
  endpoint,
  onOpen,
  onTestSent,
}: {
  endpoint: WebhookEndpointItem;
  onOpen(open: Open): void;
  onTestSent(eventId: string): void;
}) {
  const { t } = useTranslation(['webhooks']);
  const apiErrorMessage = useApiErrorMessage();
  const confirm = useConfirm();
  const remove = useRemoveWebhookEndpoint();
  const sendTest = useSendTestWebhook();
  const name = endpoint.description ?? endpoint.url;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 dark:border-gray-700">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-gray-900 dark:text-gray-100">{name}</p>
        {endpoint.disabledAt ? (
          <Badge tone="red">{t('webhooks:endpoints.disabled')}</Badge>
        ) : endpoint.failingSince ? (
          <Badge tone="amber">{t('webhooks:endpoints.failing')}</Badge>
        ) : null}
      </div>
      {endpoint.description ? (
        <p className="text-sm break-all text-gray-700 dark:text-gray-300">{endpoint.url}</p>
      ) : null}
      <p className="text-xs text-gray-700 dark:text-gray-300">
        {t('webhooks:endpoints.receives')} <span className="font-mono">{endpoint.eventTypes.join(', ')}</span>
      </p>
      <EndpointHealthNotes {...endpoint} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onOpen({ kind: 'edit', endpoint })}>
          {t('webhooks:endpoints.edit')}
        </Button>
        <Button
          variant="secondary"
          aria-label={t('webhooks:endpoints.testTo', { name })}
          isLoading={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: (event) => {
                toast.success(t('webhooks:endpoints.testSent', { name }));
                onTestSent(event.id);
              },
              onError: (error) => toast.error(apiErrorMessage(error)),
            })
          }
        >
          {t('webhooks:test.send')}
        </Button>
        <Button variant="secondary" onClick={() => onOpen({ kind: 'secret', endpoint })}>
          {t('webhooks:endpoint.rotateTitle')}
        </Button>
        <Button
          variant="danger"
          isLoading={remove.isPending}
          onClick={async () => {
            const answer = await confirm({
              title: t('webhooks:endpoints.removeTitle'),
              message: t('webhooks:endpoints.removeMessage', { name }),
              confirmText: t('webhooks:endpoints.remove'),
              cancelText: t('webhooks:endpoint.cancel'),
            });
            if (answer !== true) return;
            remove.mutate(endpoint.id, {
              onSuccess: () => toast.success(t('webhooks:endpoints.removed', { name })),
              onError: (error) => toast.error(apiErrorMessage(error)),
            });
          }}
        >
          {t('webhooks:endpoints.remove')}
        </Button>
      </div>
    </li>
  );
}

/**
 * A merchant's further endpoints (owners and developers): each receives the event types it
 * subscribes to, signed with its own secret (shown once), beside the main endpoint above.
 */
export function WebhookEndpointsSection({ onTestSent }: { onTestSent(eventId: string): void }) {
  const { t } = useTranslation(['webhooks']);
  const apiErrorMessage = useApiErrorMessage();
  const query = useWebhookEndpoints();
  const [open, setOpen] = useState<Open | null>(null);
  const endpoints = query.data ?? [];
  const close = () => setOpen(null);
  return (
    <section
      aria-labelledby="webhook-endpoints-heading"
      aria-busy={query.isPending}
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="webhook-endpoints-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
            {t('webhooks:endpoints.heading')}
          </h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('webhooks:endpoints.blurb')}</p>
        </div>
        <Button
          variant="secondary"
          disabled={!query.isSuccess || endpoints.length >= WEBHOOK_ENDPOINTS_MAX}
          onClick={() => setOpen({ kind: 'add' })}
        >
          {t('webhooks:endpoints.add')}
        </Button>
      </div>
      {query.isError ? <FormError>{apiErrorMessage(query.error)}</FormError> : null}
      {query.isPending ? (
        // One line held while the list loads, as tall as "none yet".
        <p className="text-sm text-gray-700 dark:text-gray-300">…</p>
      ) : query.isSuccess && endpoints.length === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('webhooks:endpoints.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onOpen={setOpen} onTestSent={onTestSent} />
          ))}
        </ul>
      )}
      {open?.kind === 'add' ? (
        <WebhookEndpointFormModal onClose={close} onCreated={(secret) => setOpen({ kind: 'created', secret })} />
      ) : null}
      {open?.kind === 'edit' ? <WebhookEndpointFormModal endpoint={open.endpoint} onClose={close} /> : null}
      {open?.kind === 'secret' ? <RotateSecretModal endpointId={open.endpoint.id} onClose={close} /> : null}
      {open?.kind === 'created' ? (
        <Modal isOpen onClose={close} title={t('webhooks:endpoints.createdTitle')}>
          <SecretReveal
            value={open.secret}
            label={t('webhooks:endpoint.newSecret')}
            warning={t('webhooks:endpoints.createdWarning')}
            copyLabel={t('webhooks:endpoint.copy')}
          />
        </Modal>
      ) : null}
    </section>
  );
}
