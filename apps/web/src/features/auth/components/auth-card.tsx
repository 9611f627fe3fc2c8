import type { ReactNode } from 'react';

type AuthCardProps = { title: string; intro?: string; children: ReactNode };

/** The auth pages have no shell around them, so each one carries its own h1. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <section
      aria-labelledby="auth-card-title"
      className="w-full max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-700 dark:bg-gray-800"
    >
      <h1 id="auth-card-title" className="text-2xl font-semibold text-gray-900 dark:text-white">
        {title}
      </h1>
      {intro ? <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
