import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

type FormModalProps = {
  title: string;
  onClose(): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** While true the modal cannot be closed and the submit button spins (spec §5). */
  isLoading: boolean;
  submitLabel: string;
  cancelLabel?: string;
  /** Layout of the fields; one column by default. */
  formClassName?: string;
  children: ReactNode;
};

/** A modal holding one form, with Cancel and a submit button in its footer. */
export function FormModal({
  title,
  onClose,
  onSubmit,
  isLoading,
  submitLabel,
  cancelLabel,
  formClassName = 'flex flex-col gap-4',
  children,
}: FormModalProps) {
  const { t } = useTranslation('common');
  const formId = useId();
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      isLoading={isLoading}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose} disabled={isLoading}>
            {cancelLabel ?? t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="primary" isLoading={isLoading}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className={formClassName}>
        {children}
      </form>
    </Modal>
  );
}
