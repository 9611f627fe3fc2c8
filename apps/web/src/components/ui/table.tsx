import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export type TableColumn<T> = { key: string; header: string; cell: (row: T) => ReactNode };

export type TableProps<T> = {
  columns: TableColumn<T>[];
  rows: T[];
  getRowKey(row: T): string;
  isLoading?: boolean;
  emptyMessage: string;
  /** Names the table for assistive technology. */
  caption?: string;
  /**
   * `compact`: one line per row (cells do not wrap, tighter padding) for the fleet tables operators
   * scan by the hundred; secondary facts go in a cell's tooltip or the detail page.
   */
  density?: 'comfortable' | 'compact';
};

const CELL_CLASSES = {
  comfortable: { header: 'px-4 py-3', cell: 'px-4 py-3 align-top' },
  compact: { header: 'px-2 py-2', cell: 'px-2 py-1 align-middle whitespace-nowrap' },
} as const;

export function Table<T>({
  columns,
  rows,
  getRowKey,
  isLoading = false,
  emptyMessage,
  caption,
  density = 'comfortable',
}: TableProps<T>) {
  const classes = CELL_CLASSES[density];
  const placeholder = isLoading ? <Spinner /> : emptyMessage;
  const showPlaceholder = isLoading || rows.length === 0;
  // `relative` makes the scroll box the containing block of absolutely positioned descendants
  // (sr-only labels in cells): otherwise they escape it and make a narrow page scroll sideways.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
      <table
        className="min-w-full divide-y divide-gray-200 text-left text-sm dark:divide-gray-700"
        aria-busy={isLoading}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-gray-100 dark:bg-gray-800">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`${classes.header} font-semibold whitespace-nowrap`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-700">
          {showPlaceholder ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-gray-700 dark:text-gray-300">
                {placeholder}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={getRowKey(row)} className="hover:bg-gray-50 dark:hover:bg-gray-800/60">
                {columns.map((column) => (
                  <td key={column.key} className={classes.cell}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
