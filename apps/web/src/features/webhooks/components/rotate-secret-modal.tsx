import { PREVIOUS_SECRET_CHOICES } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Modal } from '../../../components/ui/modal';
import { SecretReveal } from '../../../components/ui/secret-reveal';
import { Select } from '../../../components/ui/select';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useRotateEndpointSecret } from '../api/webhook-endpoints';

/** A new signing secret for the main endpoint (null) or a further one, shown once. */
export function RotateSecretModal({ endpointId, onClose }: { endpointId: string | null; onClose(): void }) {
  const { t } = useTranslation(['webhooks']);
  const apiErrorMessage = useApiErrorMessage();
  const rotate = useRotateEndpointSecret(endpointId);
  const [previous, setPrevious] = useState<(typeof PREVIOUS_SECRET_CHOICES)[number]>('keep_24_hours');
  if (rotate.data) {
    return (
      <Modal isOpen onClose={onClose} title={t('webhooks:endpoint.newSecretTitle')}>
        <SecretReveal
          value={rotate.data}
          label={t('webhooks:endpoint.newSecret')}
          warning={t('webhooks:endpoint.newSecretWarning')}
          copyLabel={t('webhooks:endpoint.copy')}
        />
      </Modal>
    );
  }
  return (
    <FormModal
      title={t('webhooks:endpoint.rotateTitle')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        rotate.mutate({ previousSecret: previous });
      }}
      isLoading={rotate.isPending}
      submitLabel={t('webhooks:endpoint.rotate')}
      cancelLabel={t('webhooks:endpoint.cancel')}
    >
      {rotate.isError ? <FormError>{apiErrorMessage(rotate.error)}</FormError> : null}
      <Select
        label={t('webhooks:endpoint.previousSecret')}
        name="previousSecret"
        value={previous}
        onChange={(event) => setPrevious(PREVIOUS_SECRET_CHOICES.find((c) => c === event.target.value) ?? previous)}
        options={PREVIOUS_SECRET_CHOICES.map((choice) => ({ value: choice, label: t(`webhooks:endpoint.${choice}`) }))}
      />
    </FormModal>
  );
}
