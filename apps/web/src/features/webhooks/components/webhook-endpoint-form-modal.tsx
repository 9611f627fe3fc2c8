import { WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, type WebhookEndpointItem } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpointById } from '../api/webhook-endpoints';

const FIELDS = ['url', 'eventTypes', 'description'] as const;
/** What a new endpoint subscribes to until the merchant chooses: a payment's outcome. */
const DEFAULT_TYPES = ['payment_session.succeeded', 'payment_session.failed', 'payment_session.expired'];

type Props = {
  /** The endpoint to change; none: a new one. */
  endpoint?: WebhookEndpointItem;
  onClose(): void;
  /** A new endpoint's secret, for the caller to show once. */
  onCreated?(secret: string): void;
};

/** A further endpoint's URL, description and the event types it subscribes to. */
export function WebhookEndpointFormModal({ endpoint, onClose, onCreated }: Props) {
  const { t } = useTranslation(['webhooks']);
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpointById(endpoint?.id ?? '');
  const mutation = endpoint ? update : create;
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS)(mutation.error);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<string[]>(endpoint?.eventTypes ?? DEFAULT_TYPES);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (types.length === 0) return;
    const body = { url: url.trim(), eventTypes: types, description: description.trim() || null };
    // The URL goes only when it changed (or to resume a disabled endpoint): saving it restarts the
    // failure clock, and a new one asks for step-up.
    const { url: newUrl, ...rest } = body;
    if (endpoint) {
      update.mutate(newUrl !== endpoint.url || endpoint.disabledAt ? body : rest, { onSuccess: onClose });
    } else create.mutate(body, { onSuccess: (created) => onCreated?.(created.secret) });
  };
  const toggle = (type: string, on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((chosen) => chosen !== type)));

  return (
    <FormModal
      title={t(endpoint ? 'webhooks:endpoints.editTitle' : 'webhooks:endpoints.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={mutation.isPending}
      submitLabel={t(endpoint ? 'webhooks:endpoint.save' : 'webhooks:endpoints.add')}
      cancelLabel={t('webhooks:endpoint.cancel')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <Input
        label={t('webhooks:endpoints.url')}
        name="url"
        type="url"
        required
        value={url}
        placeholder="https://erp.example.com/gerbang/webhooks"
        error={fieldErrors.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <Input
        label={t('webhooks:endpoints.description')}
        name="description"
        maxLength={100}
        value={description}
        placeholder={t('webhooks:endpoints.descriptionPlaceholder')}
        error={fieldErrors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">
          {t('webhooks:endpoints.eventTypes')}
        </legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {WEBHOOK_SUBSCRIBABLE_EVENT_TYPES.map((type) => (
            <label key={type} className="flex min-w-0 items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
              <input
                type="checkbox"
                name="eventTypes"
                value={type}
                className="size-4 shrink-0"
                checked={types.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <code className="font-mono text-xs break-all">{type}</code>
            </label>
          ))}
        </div>
        {types.length === 0 ? <FormError>{t('webhooks:endpoints.chooseType')}</FormError> : null}
        {fieldErrors.eventTypes ? <FormError>{fieldErrors.eventTypes}</FormError> : null}
      </fieldset>
    </FormModal>
  );
}
