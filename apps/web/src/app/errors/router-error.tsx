import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Spec §2: headed 'Unexpected Application Error!'. Deliberately free of i18n and providers: it
 * must render even when those are what broke.
 */
export function RouterError() {
  const error = useRouteError();
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 rounded-md bg-red-50 px-4 py-3 font-mono text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
        {describe(error)}
      </p>
      <a href="/" className="mt-6 inline-block underline">
        Home
      </a>
    </main>
  );
}
