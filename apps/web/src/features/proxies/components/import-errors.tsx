import type { ImportProxiesResponse } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';

/** What an import did: how many were created, and every line that was not, by number. */
export function ImportErrors({ result }: { result: ImportProxiesResponse }) {
  const { t } = useTranslation(['proxies']);
  return (
    <div role="status" className="flex flex-col gap-2 text-sm">
      <p className="text-gray-800 dark:text-gray-200">
        {t('proxies:import.summary', { created: result.created.length, failed: result.errors.length })}
      </p>
      {result.errors.length > 0 ? (
        <ul
          aria-label={t('proxies:import.errorsHeading')}
          className="max-h-48 overflow-y-auto rounded-md border border-red-200 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {result.errors.map((error) => (
            <li key={error.line}>
              <span className="font-semibold">{t('proxies:import.line', { line: error.line })}</span>{' '}
              <code className="break-all">{error.text}</code> — {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
