import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { useApiErrorMessage } from '../../../lib/api-error';
import { startOfDay } from '../../../lib/day-range';
import { downloadStatement } from '../api/download-statement';

/** yyyy-mm-dd of a local day `daysAgo` before today. */
function localDay(daysAgo: number): string {
  const day = new Date();
  day.setDate(day.getDate() - daysAgo);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * The merchant's statement for the days it picks (in its browser's days, the last included): the
 * opening balance, every movement with the balance after it, the closing balance, as CSV.
 */
export function StatementDownload() {
  const { t } = useTranslation(['merchantDashboard']);
  const apiErrorMessage = useApiErrorMessage();
  const [from, setFrom] = useState(() => localDay(30));
  const [to, setTo] = useState(() => localDay(0));
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const start = startOfDay(from);
    const end = startOfDay(to, 1);
    if (!start || !end) return setError(t('merchantDashboard:statement.pickDays'));
    setBusy(true);
    setError(null);
    try {
      await downloadStatement(start, end);
    } catch (reason) {
      setError(apiErrorMessage(reason));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-3">
      <h2 id="statement-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('merchantDashboard:statement.heading')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('merchantDashboard:statement.about')}</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void onSubmit(event)}>
        <Input
          label={t('merchantDashboard:statement.from')}
          name="from"
          type="date"
          required
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <Input
          label={t('merchantDashboard:statement.to')}
          name="to"
          type="date"
          required
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
        <Button type="submit" variant="secondary" isLoading={isBusy}>
          {t('merchantDashboard:statement.download')}
        </Button>
      </form>
      {error ? <FormError>{error}</FormError> : null}
    </section>
  );
}
