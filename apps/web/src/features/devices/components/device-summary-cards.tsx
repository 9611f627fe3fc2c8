import type { DeviceSummary } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useDeviceSummary } from '../api/get-device-summary';

const COUNTS: { key: keyof DeviceSummary; accent: string }[] = [
  { key: 'online', accent: 'border-l-green-600' },
  { key: 'busy', accent: 'border-l-blue-600' },
  { key: 'healthy', accent: 'border-l-green-600' },
  { key: 'failing', accent: 'border-l-red-600' },
];

/** Fleet counts at the top of the dashboard; each says "of N" so it reads without colour. */
export function DeviceSummaryCards() {
  const { t } = useTranslation(['devices']);
  const apiErrorMessage = useApiErrorMessage();
  const summary = useDeviceSummary();
  if (summary.isError) return <FormError>{apiErrorMessage(summary.error)}</FormError>;
  return (
    <section aria-labelledby="device-summary-heading">
      <h2 id="device-summary-heading" className="sr-only">
        {t('devices:summary.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={summary.isPending}>
        {COUNTS.map(({ key, accent }) => (
          <div
            key={key}
            className={`rounded-lg border border-l-4 border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-900 ${accent}`}
          >
            <dt className="text-sm text-gray-700 dark:text-gray-300">{t(`devices:summary.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold">
              {summary.data ? summary.data[key] : '–'}
              {summary.data ? (
                <span className="ml-1 text-sm font-normal text-gray-700 dark:text-gray-300">
                  {t('devices:summary.ofTotal', { total: summary.data.total })}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
