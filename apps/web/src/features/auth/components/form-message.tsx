import type { ReactNode } from 'react';

type FormMessageProps = { tone: 'error' | 'success'; children: ReactNode };

/** Errors are announced at once (alert); success is announced politely (status). */
export function FormMessage({ tone, children }: FormMessageProps) {
  if (tone === 'error') {
    return (
      <p
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      >
        {children}
      </p>
    );
  }
  return (
    <p
      role="status"
      className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200"
    >
      {children}
    </p>
  );
}
