import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from './use-focus-trap';
import { useScrollOnlyRegion } from './use-scroll-only-region';

export type ModalProps = {
  isOpen: boolean;
  onClose(): void;
  title: string;
  isLoading?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  /** `wide` for a detail with tables (a session's timeline, deliveries and journals). */
  size?: 'default' | 'wide';
};

const SIZE_CLASSES = { default: 'max-w-lg', wide: 'max-w-4xl' } as const;

/** Spec §5: while loading, neither Escape, the backdrop nor the close button closes it. */
export function Modal({ isOpen, onClose, title, isLoading = false, children, footer, size = 'default' }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, isOpen);
  const isScrollOnly = useScrollOnlyRegion(bodyRef, isOpen);

  const requestClose = () => {
    if (!isLoading) onClose();
  };

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      if (!isLoading) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, isLoading, onClose]);

  if (!isOpen) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-2 sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-gray-900/60" aria-hidden="true" onMouseDown={requestClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={isLoading || undefined}
        tabIndex={-1}
        className={`relative flex max-h-[90vh] w-full ${SIZE_CLASSES[size]} flex-col rounded-lg bg-white shadow-xl outline-none dark:bg-gray-900`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-4 py-3 dark:border-gray-700">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            data-skip-autofocus
            onClick={requestClose}
            disabled={isLoading}
            aria-label={t('common:actions.close')}
            className="rounded-md p-1 text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-gray-200 dark:hover:bg-gray-800"
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
              <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4z" />
            </svg>
          </button>
        </div>
        <div
          ref={bodyRef}
          // A long body with nothing focusable in it takes focus itself, so a keyboard scrolls it.
          tabIndex={isScrollOnly ? 0 : undefined}
          data-skip-autofocus
          className="overflow-y-auto px-4 py-4"
        >
          {children}
        </div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-4 py-3 dark:border-gray-700">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
