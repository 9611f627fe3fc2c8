import type { DeviceSummary } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useDeviceSummary } from '../api/get-device-summary';
import type { DeviceFilterValues } from './device-filters';

type CardKey = 'online' | 'offline' | 'busy' | 'healthy' | 'failing';
type CardFilter = Partial<Pick<DeviceFilterValues, 'presence' | 'busy' | 'health'>>;

/** Each card, its count, and the list's filter it stands for. */
const CARDS: { key: CardKey; accent: string; filter: CardFilter }[] = [
  { key: 'online', accent: 'border-l-green-600', filter: { presence: 'online' } },
  { key: 'offline', accent: 'border-l-gray-500', filter: { presence: 'offline' } },
  { key: 'busy', accent: 'border-l-blue-600', filter: { busy: 'true' } },
  { key: 'healthy', accent: 'border-l-green-600', filter: { health: 'healthy' } },
  { key: 'failing', accent: 'border-l-red-600', filter: { health: 'failing' } },
];

const countOf = (summary: DeviceSummary, key: CardKey) =>
  key === 'offline' ? summary.total - summary.online : summary[key];

/** Whether the list shows exactly what a card stands for. */
const isShowing = (values: DeviceFilterValues, filter: CardFilter) =>
  (Object.keys(filter) as (keyof CardFilter)[]).every((key) => values[key] === filter[key]);

/**
 * Fleet counts at the top of the dashboard; each says "of N" so it reads without colour, and each
 * filters the list below to what it counts (pressed again: the filter is cleared).
 */
export function DeviceSummaryCards({
  values,
  onFilter,
}: {
  values: DeviceFilterValues;
  onFilter: (patch: CardFilter) => void;
}) {
  const { t } = useTranslation(['devices']);
  const apiErrorMessage = useApiErrorMessage();
  const summary = useDeviceSummary();
  if (summary.isError) return <FormError>{apiErrorMessage(summary.error)}</FormError>;
  return (
    <section aria-labelledby="device-summary-heading">
      <h2 id="device-summary-heading" className="sr-only">
        {t('devices:summary.heading')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-busy={summary.isPending}>
        {CARDS.map(({ key, accent, filter }) => {
          const pressed = isShowing(values, filter);
          return (
            <li key={key}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() =>
                  onFilter(
                    pressed
                      ? { presence: null, busy: null, health: null }
                      : { presence: null, busy: null, health: null, ...filter },
                  )
                }
                className={`w-full rounded-lg border border-l-4 bg-white p-4 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 dark:bg-gray-900 dark:hover:bg-gray-800 ${accent} ${pressed ? 'border-gray-900 dark:border-gray-100' : 'border-gray-200 dark:border-gray-700'}`}
              >
                <span className="block text-sm text-gray-700 dark:text-gray-300">{t(`devices:summary.${key}`)}</span>
                <span className="mt-1 block text-2xl font-semibold" data-count>
                  {summary.data ? countOf(summary.data, key) : '–'}
                  {summary.data ? (
                    <span className="ml-1 text-sm font-normal text-gray-700 dark:text-gray-300">
                      {t('devices:summary.ofTotal', { total: summary.data.total })}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
