import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PANEL_CLASS } from '../../../components/ui/figure-card';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useMerchantStats } from '../api/get-merchant-stats';
import { TodayFigures } from './today-figures';

// The chart library loads after the dashboard shows: the balances never wait for it.
const DailyChart = lazy(() => import('./daily-chart'));

/**
 * Today's figures and the 14-day chart, live. Their frames are drawn at once, at their final
 * size, so the statement below does not jump down when the figures arrive.
 */
export function MerchantActivity() {
  const { t } = useTranslation(['merchantDashboard']);
  const apiErrorMessage = useApiErrorMessage();
  const query = useMerchantStats();
  if (query.isError) return <FormError>{apiErrorMessage(query.error)}</FormError>;
  const waiting = <Spinner className="size-8" />;
  return (
    <>
      <TodayFigures stats={query.data} />
      <section aria-labelledby="chart-heading" aria-busy={!query.data} className="flex flex-col gap-3">
        <h2 id="chart-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('merchantDashboard:chart.heading')}
        </h2>
        <div className={`h-64 ${PANEL_CLASS}`}>
          {query.data ? (
            <Suspense fallback={waiting}>
              <DailyChart stats={query.data} />
            </Suspense>
          ) : (
            waiting
          )}
        </div>
      </section>
    </>
  );
}
