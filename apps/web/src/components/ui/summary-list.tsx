import type { ReactNode } from 'react';

/** Label and value rows of a customer page's summary (amounts, destination); `footer` adds a total. */
export function SummaryList({ rows, footer }: { rows: [string, string][]; footer?: ReactNode }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
          <dd className="text-right font-medium break-all">{value}</dd>
        </div>
      ))}
      {footer}
    </dl>
  );
}
