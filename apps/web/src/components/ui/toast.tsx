import { TOAST_DURATION_MS, TOAST_Z_INDEX } from '@gerbang/contract';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

type ToastKind = 'success' | 'error';
type ToastItem = { id: number; kind: ToastKind; message: string };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: number): void {
  publish(toasts.filter((item) => item.id !== id));
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  publish([...toasts, { id, kind, message }]);
  setTimeout(() => dismiss(id), TOAST_DURATION_MS);
  return id;
}

/** Callable from anywhere (mutations, the API layer); <Toaster /> shows them. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  dismiss,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const KIND_CLASSES: Record<ToastKind, string> = {
  success: 'border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** Spec §9: bottom-right, gone after 2000 ms, above everything (z-index 100000). */
export function Toaster() {
  const { t } = useTranslation('common');
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 left-4 flex flex-col items-end gap-2 sm:left-auto"
      style={{ zIndex: TOAST_Z_INDEX }}
    >
      {items.map((item) => (
        <div
          key={item.id}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-lg ${KIND_CLASSES[item.kind]}`}
        >
          <span className="sr-only">{t(`common:toast.${item.kind}`)}: </span>
          <p className="flex-1">{item.message}</p>
          <button
            type="button"
            onClick={() => dismiss(item.id)}
            aria-label={t('common:actions.close')}
            className="-m-1 rounded p-1 hover:bg-black/10"
          >
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
              <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4z" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
