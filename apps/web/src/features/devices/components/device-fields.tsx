import { deviceLabelSchema, deviceNameSchema, deviceNotesSchema } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';

export type DeviceFieldValues = { name: string; label: string; notes: string };
export const DEVICE_FIELDS = ['name', 'label', 'notes'] as const;

export type DeviceFieldErrors = Partial<Record<keyof DeviceFieldValues, string>>;

type DeviceFieldsProps = {
  values: DeviceFieldValues;
  onChange: (values: DeviceFieldValues) => void;
  errors: DeviceFieldErrors;
};

/** Name, label and notes: the register and edit forms share them; limits come from the contract. */
export function DeviceFields({ values, onChange, errors }: DeviceFieldsProps) {
  const { t } = useTranslation(['devices']);
  const fields = [
    { key: 'name', maxLength: deviceNameSchema.maxLength, required: true },
    { key: 'label', maxLength: deviceLabelSchema.maxLength, required: false },
    { key: 'notes', maxLength: deviceNotesSchema.maxLength, required: false },
  ] as const;
  return (
    <>
      {fields.map((field) => (
        <Input
          key={field.key}
          label={t(`devices:fields.${field.key}`)}
          name={field.key}
          autoComplete="off"
          required={field.required}
          maxLength={field.maxLength ?? undefined}
          value={values[field.key]}
          onChange={(event) => onChange({ ...values, [field.key]: event.target.value })}
          error={errors[field.key]}
        />
      ))}
    </>
  );
}
