import type { DeviceWithToken } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Modal } from '../../../components/ui/modal';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useRegisterDevice } from '../api/register-device';
import { DEVICE_FIELDS, DeviceFields, type DeviceFieldValues } from './device-fields';
import { DeviceTokenReveal } from './device-token-reveal';

/**
 * Rendered only while open: every opening starts empty, and closing it after registering forgets
 * the token for good.
 */
export function RegisterDeviceModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['devices']);
  const register = useRegisterDevice();
  const splitError = useFormFieldErrors(DEVICE_FIELDS);
  const [values, setValues] = useState<DeviceFieldValues>({ name: '', label: '', notes: '' });
  const [nameError, setNameError] = useState<string>();
  const [registered, setRegistered] = useState<DeviceWithToken | null>(null);
  const { fieldErrors, formError } = splitError(register.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    const nextNameError = name ? undefined : t('devices:validation.required');
    setNameError(nextNameError);
    if (nextNameError) return;
    register.mutate(
      { name, label: values.label.trim(), notes: values.notes.trim() },
      { onSuccess: (answer) => setRegistered(answer) },
    );
  };

  if (registered) {
    return (
      <Modal
        isOpen
        onClose={onClose}
        title={t('devices:register.doneTitle')}
        footer={
          <Button variant="secondary" onClick={onClose}>
            {t('devices:actions.done')}
          </Button>
        }
      >
        <DeviceTokenReveal token={registered.token} deviceName={registered.device.name} />
      </Modal>
    );
  }

  return (
    <FormModal
      title={t('devices:register.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={register.isPending}
      submitLabel={t('devices:register.submit')}
      cancelLabel={t('devices:actions.cancel')}
    >
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('devices:register.intro')}</p>
      {formError ? <FormError>{formError}</FormError> : null}
      <DeviceFields
        values={values}
        onChange={setValues}
        errors={{ ...fieldErrors, name: nameError ?? fieldErrors.name }}
      />
    </FormModal>
  );
}
