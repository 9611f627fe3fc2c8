import type { ReactNode } from 'react';

/** A customer page's card; it owns the page's one h1 (the embed layout has no header). */
export function CustomerPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6 dark:bg-gray-900 dark:ring-gray-800">
      <h1 className="mb-4 text-xl font-bold">{title}</h1>
      {children}
    </section>
  );
}
