import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'red' | 'amber' | 'blue' | 'gray' | 'purple';

const TONE_CLASSES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  gray: 'bg-gray-200 text-gray-900 dark:bg-gray-700 dark:text-gray-100',
  purple: 'bg-purple-100 text-purple-900 dark:bg-purple-900 dark:text-purple-100',
};

/** Colour only backs up the text: every badge says its state in words. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONE_CLASSES[tone]}`}
    >
      {children}
    </span>
  );
}
