import type { Device, UpdateDeviceBody } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useUpdateDevice } from '../api/update-device';
import { DEVICE_FIELDS, DeviceFields, type DeviceFieldValues } from './device-fields';

/** Rendered only while open, so every opening starts from the device's current values. */
export function EditDeviceModal({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation(['devices']);
  const update = useUpdateDevice();
  const splitError = useFormFieldErrors(DEVICE_FIELDS);
  const [values, setValues] = useState<DeviceFieldValues>({
    name: device.name,
    label: device.label,
    notes: device.notes,
  });
  const [nameError, setNameError] = useState<string>();
  const { fieldErrors, formError } = splitError(update.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { name: values.name.trim(), label: values.label.trim(), notes: values.notes.trim() };
    const nextNameError = next.name ? undefined : t('devices:validation.required');
    setNameError(nextNameError);
    if (nextNameError) return;
    // PATCH semantics: only what changed, so the audit log records only real changes.
    const body: UpdateDeviceBody = {};
    if (next.name !== device.name) body.name = next.name;
    if (next.label !== device.label) body.label = next.label;
    if (next.notes !== device.notes) body.notes = next.notes;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: device.id, body },
      {
        onSuccess: (changed) => {
          toast.success(t('devices:edit.success', { name: changed.name }));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={t('devices:edit.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={update.isPending}
      submitLabel={t('devices:edit.submit')}
      cancelLabel={t('devices:actions.cancel')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <DeviceFields
        values={values}
        onChange={setValues}
        errors={{ ...fieldErrors, name: nameError ?? fieldErrors.name }}
      />
    </FormModal>
  );
}
