import { type ReactNode, Suspense, useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { Spinner } from './spinner';

type DialogButtonProps = {
  label: string;
  ariaLabel: string;
  title: string;
  /** Said while the dialog's content (often a lazily loaded feature) loads. */
  loadingLabel: string;
  onClose?(): void;
  children: ReactNode;
};

/** A row's button that opens a wide dialog whose content loads when it is first opened. */
export function DialogButton({ label, ariaLabel, title, loadingLabel, onClose, children }: DialogButtonProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {isOpen ? (
        <Modal
          isOpen
          size="wide"
          title={title}
          onClose={() => {
            setOpen(false);
            onClose?.();
          }}
        >
          <Suspense fallback={<Spinner label={loadingLabel} />}>{children}</Suspense>
        </Modal>
      ) : null}
    </>
  );
}
