import {
  type ComponentType,
  createContext,
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDialogViewProps, ConfirmOptions } from './confirm-dialog-view';
import { toast } from './toast';

// The dialog itself (the modal, its focus trap) loads when a page first asks for a confirmation:
// every console page mounts this provider, the sign-in page included, and none opens it at once.
// If its file cannot load (offline, or a tab left open across a release), the question counts as
// cancelled and says why, instead of taking the page down.
const ConfirmDialogView = lazy(
  (): Promise<{ default: ComponentType<ConfirmDialogViewProps> }> =>
    import('./confirm-dialog-view').catch(() => ({ default: ConfirmDialogUnavailable })),
);

function ConfirmDialogUnavailable({ onCancel }: Pick<ConfirmDialogViewProps, 'onCancel'>) {
  const { t } = useTranslation('errors');
  useEffect(() => {
    toast.error(t('errors:SERVICE_UNAVAILABLE'));
    onCancel();
  }, [onCancel, t]);
  return null;
}

export type { ConfirmOptions } from './confirm-dialog-view';

/** Spec §4: false on cancel, true on confirm, or the typed text when the dialog has an input. */
export type ConfirmResult = boolean | string;
export type Confirm = (options: ConfirmOptions) => Promise<ConfirmResult>;

const ConfirmContext = createContext<Confirm | null>(null);

type OpenDialog = { options: ConfirmOptions; resolve: (result: ConfirmResult) => void };

function hasInput(options: ConfirmOptions): boolean {
  return Boolean(options.inputLabel || options.inputPlaceholder || options.inputType || options.isRequiredInput);
}

export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
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

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialogView
            options={open.options}
            withInput={hasInput(open.options)}
            text={text}
            isMissing={isMissing}
            onText={(value) => {
              setText(value);
              setIsMissing(false);
            }}
            onCancel={onCancel}
            onSubmit={onSubmit}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmDialogProvider>');
  return confirm;
}
