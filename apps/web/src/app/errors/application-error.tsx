/**
 * Spec §2: headed 'Unexpected Application Error!', with the reason. Deliberately free of i18n,
 * providers and the router: it must render even when those are what broke (the consoles' router
 * and the customer pages' entry both show it).
 */
export function ApplicationError({ reason }: { reason: string }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 rounded-md bg-red-50 px-4 py-3 font-mono text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
        {reason}
      </p>
      <a href="/" className="mt-6 inline-block underline">
        Home
      </a>
    </main>
  );
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
