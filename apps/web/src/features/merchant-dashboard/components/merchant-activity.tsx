import { lazy, Suspense } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useMerchantStats } from '../api/get-merchant-stats';
import { TodayFigures } from './today-figures';

// The chart library loads after the dashboard shows: the balances never wait for it.
const DailyChart = lazy(() => import('./daily-chart'));

/** Today's figures and the 14-day chart, live. */
export function MerchantActivity() {
  const apiErrorMessage = useApiErrorMessage();
  const query = useMerchantStats();
  if (query.isError) return <FormError>{apiErrorMessage(query.error)}</FormError>;
  if (!query.data) return <Spinner className="size-8" />;
  return (
    <>
      <TodayFigures stats={query.data} />
      <Suspense fallback={<Spinner className="size-8" />}>
        <DailyChart stats={query.data} />
      </Suspense>
    </>
  );
}
