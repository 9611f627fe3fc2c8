import type { ReactNode } from 'react';

export type EmptyStateProps = { title: string; message: string; action?: ReactNode };

export function EmptyState({ title, message, action }: EmptyStateProps) {
  return (
    <div className="rounded-lg border border-dashed border-gray-400 bg-white px-6 py-12 text-center dark:border-gray-600 dark:bg-gray-900">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mx-auto mt-2 max-w-prose text-sm text-gray-700 dark:text-gray-300">{message}</p>
      {action && <div className="mt-6 flex justify-center">{action}</div>}
    </div>
  );
}
