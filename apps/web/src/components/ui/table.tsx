import { memo, type ReactNode } from 'react';
import { Spinner } from './spinner';

export type TableColumn<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** A width class for the column (compact tables lay out fixed: widths come from the header). */
  width?: string;
};

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
  compact: { header: 'px-2 py-2', cell: 'px-2 py-1 align-middle whitespace-nowrap overflow-hidden text-ellipsis' },
} as const;

/**
 * Compact tables use the fixed layout: a changed cell then never makes the browser measure every
 * row again to size the columns, which on a thousand rows is a visible stutter.
 */
const TABLE_CLASSES = { comfortable: 'min-w-full', compact: 'w-full table-fixed' } as const;

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
    <div
      className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900"
      // A fixed-width table may scroll sideways on a narrow screen: keyboard users can then scroll it.
      {...(density === 'compact' ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table
        className={`${TABLE_CLASSES[density]} divide-y divide-gray-200 text-left text-sm dark:divide-gray-700`}
        aria-busy={isLoading}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-gray-100 dark:bg-gray-800">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`${classes.header} ${column.width ?? ''} font-semibold whitespace-nowrap`}
              >
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
            rows.map((row) => <TableRow key={getRowKey(row)} row={row} columns={columns} cellClass={classes.cell} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

type TableRowProps<T> = { row: T; columns: TableColumn<T>[]; cellClass: string };

/**
 * One row, rendered again only when its row object or the columns change. With stable columns
 * (memoised by the caller) and a query cache that keeps unchanged rows' objects, a refetch of a
 * thousand rows re-renders the few that changed.
 */
const TableRow = memo(function TableRow<T>({ row, columns, cellClass }: TableRowProps<T>) {
  return (
    <tr className="hover:bg-gray-50 dark:hover:bg-gray-800/60">
      {columns.map((column) => (
        <td key={column.key} className={cellClass}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
}) as <T>(props: TableRowProps<T>) => ReactNode;
