import { Spinner } from './spinner';

/** The placeholder while the session or a route module loads (spec §2). */
export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 flex items-center justify-center bg-gray-50 text-gray-700 dark:bg-gray-950 dark:text-gray-200">
      <Spinner className="size-10" />
    </div>
  );
}
