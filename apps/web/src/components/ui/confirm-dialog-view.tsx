import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Input } from './input';
import { Modal } from './modal';

export type ConfirmOptions = {
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  inputLabel?: string;
  inputPlaceholder?: string;
  inputType?: string;
  inputMaxLength?: number;
  isRequiredInput?: boolean;
};

export type ConfirmDialogViewProps = {
  options: ConfirmOptions;
  withInput: boolean;
  text: string;
  isMissing: boolean;
  onText: (text: string) => void;
  onCancel: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

const FORM_ID = 'confirm-dialog-form';

/** The open confirmation (<ConfirmDialogProvider> keeps its state and loads this on first use). */
export default function ConfirmDialogView({
  options,
  withInput,
  text,
  isMissing,
  onText,
  onCancel,
  onSubmit,
}: ConfirmDialogViewProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={options.title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {options.cancelText ?? t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID}>
            {options.confirmText ?? t('common:actions.confirm')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate>
        <p className="text-sm text-gray-700 dark:text-gray-300">{options.message}</p>
        {withInput && (
          <Input
            className="mt-4"
            data-autofocus
            label={options.inputLabel ?? options.title}
            name="confirm-input"
            type={options.inputType ?? 'text'}
            placeholder={options.inputPlaceholder}
            maxLength={options.inputMaxLength}
            required={options.isRequiredInput}
            value={text}
            error={isMissing ? t('common:validation.required') : undefined}
            onChange={(event) => onText(event.target.value)}
          />
        )}
      </form>
    </Modal>
  );
}
