import type { ReactNode } from 'react';

type DetailSectionProps = { id: string; title: string; actions?: ReactNode; children: ReactNode };

/** One titled block of the device detail page (h2 under the page header's h1). */
export function DetailSection({ id, title, actions, children }: DetailSectionProps) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-700 dark:bg-gray-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-gray-900 dark:text-white">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export type DetailRow = { key: string; label: string; value: ReactNode };

export function DetailList({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.key} className="min-w-0">
          <dt className="text-sm font-medium text-gray-700 dark:text-gray-300">{row.label}</dt>
          <dd className="mt-1 text-sm break-words text-gray-900 dark:text-gray-100">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
