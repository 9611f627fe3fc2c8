import { createContext, type FormEvent, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
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

/** Spec §4: false on cancel, true on confirm, or the typed text when the dialog has an input. */
export type ConfirmResult = boolean | string;
export type Confirm = (options: ConfirmOptions) => Promise<ConfirmResult>;

const ConfirmContext = createContext<Confirm | null>(null);

type OpenDialog = { options: ConfirmOptions; resolve: (result: ConfirmResult) => void };

function hasInput(options: ConfirmOptions): boolean {
  return Boolean(options.inputLabel || options.inputPlaceholder || options.inputType || options.isRequiredInput);
}

export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [text, setText] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const openRef = useRef<OpenDialog | null>(null);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<ConfirmResult>((resolve) => {
        // A second confirm replaces the first, which counts as cancelled.
        openRef.current?.resolve(false);
        const next = { options, resolve };
        openRef.current = next;
        setText('');
        setIsMissing(false);
        setOpen(next);
      }),
    [],
  );

  const settle = useCallback((result: ConfirmResult) => {
    openRef.current?.resolve(result);
    openRef.current = null;
    setOpen(null);
  }, []);

  const onCancel = useCallback(() => settle(false), [settle]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!open) return;
    if (!hasInput(open.options)) {
      settle(true);
      return;
    }
    if (open.options.isRequiredInput && text.trim() === '') {
      setIsMissing(true);
      return;
    }
    settle(text);
  };

  const options = open?.options;
  const formId = 'confirm-dialog-form';

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        isOpen={open !== null}
        onClose={onCancel}
        title={options?.title ?? ''}
        footer={
          <>
            <Button variant="secondary" onClick={onCancel}>
              {options?.cancelText ?? t('common:actions.cancel')}
            </Button>
            <Button type="submit" form={formId}>
              {options?.confirmText ?? t('common:actions.confirm')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={onSubmit} noValidate>
          <p className="text-sm text-gray-700 dark:text-gray-300">{options?.message}</p>
          {options && hasInput(options) && (
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
              onChange={(event) => {
                setText(event.target.value);
                setIsMissing(false);
              }}
            />
          )}
        </form>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmDialogProvider>');
  return confirm;
}
