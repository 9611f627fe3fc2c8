import type { ReactNode } from 'react';

/** A dashboard's panels: the figure cards and the chart's frame. */
export const PANEL_CLASS = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800';

/** A figure not known yet: its card holds its place, so nothing below it moves when it arrives. */
export const PENDING_FIGURE = '…';

/** One figure of a dashboard: what it is, the figure, and what it counts. */
export function FigureCard({
  title,
  value,
  hint,
  testId,
}: {
  title: string;
  value: ReactNode;
  hint: string;
  testId: string;
}) {
  return (
    <div className={PANEL_CLASS}>
      <h3 className="text-sm text-gray-600 dark:text-gray-400">{title}</h3>
      <p className="mt-1 text-2xl font-bold" data-testid={testId}>
        {value}
      </p>
      <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{hint}</p>
    </div>
  );
}
