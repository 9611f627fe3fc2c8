import type { WebhookEndpoint } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useUpdateWebhookEndpoint, useWebhookEndpoint } from '../api/webhook-endpoint';
import { EndpointHealthNotes } from './endpoint-health-notes';
import { RotateSecretModal } from './rotate-secret-modal';

function EditUrlModal({ current, onClose }: { current: string | null; onClose(): void }) {
  const { t } = useTranslation(['webhooks']);
  const update = useUpdateWebhookEndpoint();
  const { fieldErrors, formError } = useFormFieldErrors(['callbackUrl'] as const)(update.error);
  const [url, setUrl] = useState(current ?? '');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ callbackUrl: url.trim() || null }, { onSuccess: onClose });
  };
  return (
    <FormModal
      title={t('webhooks:endpoint.editTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={update.isPending}
      submitLabel={t('webhooks:endpoint.save')}
      cancelLabel={t('webhooks:endpoint.cancel')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('webhooks:endpoint.urlHint')}</p>
      <Input
        label={t('webhooks:endpoint.url')}
        name="callbackUrl"
        type="url"
        value={url}
        placeholder="https://shop.example.com/gerbang/webhooks"
        error={fieldErrors.callbackUrl}
        onChange={(event) => setUrl(event.target.value)}
      />
    </FormModal>
  );
}

/** The merchant's endpoint: where its webhooks go, and its signing secret (owners and developers). */
export function WebhookEndpointSection() {
  const { t } = useTranslation(['webhooks']);
  const apiErrorMessage = useApiErrorMessage();
  const query = useWebhookEndpoint();
  const [open, setOpen] = useState<'url' | 'secret' | null>(null);
  const endpoint: WebhookEndpoint | undefined = query.data;
  return (
    <section
      aria-labelledby="webhook-endpoint-heading"
      aria-busy={query.isPending}
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-800"
    >
      <h2 id="webhook-endpoint-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('webhooks:endpoint.heading')}
      </h2>
      {query.isError ? <FormError>{apiErrorMessage(query.error)}</FormError> : null}
      {endpoint || query.isPending ? (
        // Drawn while the endpoint loads too ("…", the buttons disabled): the sections below stay put.
        <>
          <p className="text-sm break-all text-gray-900 dark:text-gray-100">
            {endpoint ? (endpoint.callbackUrl ?? t('webhooks:endpoint.none')) : '…'}
          </p>
          {endpoint ? <EndpointHealthNotes {...endpoint} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={!endpoint} onClick={() => setOpen('url')}>
              {t('webhooks:endpoint.edit')}
            </Button>
            <Button variant="secondary" disabled={!endpoint} onClick={() => setOpen('secret')}>
              {t('webhooks:endpoint.rotateTitle')}
            </Button>
          </div>
        </>
      ) : null}
      {open === 'url' ? <EditUrlModal current={endpoint?.callbackUrl ?? null} onClose={() => setOpen(null)} /> : null}
      {open === 'secret' ? <RotateSecretModal endpointId={null} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
