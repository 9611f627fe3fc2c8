import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { useApiErrorMessage } from '../../../lib/api-error';
import { startOfDay } from '../../../lib/day-range';
import { isLanguage } from '../../../lib/i18n';
import { downloadStatement } from '../api/download-statement';

/** yyyy-mm-dd of a local day `daysAgo` before today. */
function localDay(daysAgo: number): string {
  const day = new Date();
  day.setDate(day.getDate() - daysAgo);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * The merchant's statement for the days it picks (in its browser's days, the last included): the
 * opening balance, every movement with the balance after it, the closing balance, as CSV or as a
 * printable PDF in the console's language.
 */
export function StatementDownload() {
  const { t, i18n } = useTranslation(['merchantDashboard']);
  const apiErrorMessage = useApiErrorMessage();
  const [from, setFrom] = useState(() => localDay(30));
  const [to, setTo] = useState(() => localDay(0));
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: 'csv' | 'pdf') => {
    const start = startOfDay(from);
    const end = startOfDay(to, 1);
    if (!start || !end) return setError(t('merchantDashboard:statement.pickDays'));
    setBusy(format);
    setError(null);
    try {
      const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
      await downloadStatement(start, end, format, language);
    } catch (reason) {
      setError(apiErrorMessage(reason));
    } finally {
      setBusy(null);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void download('csv');
  };
  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-3">
      <h2 id="statement-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('merchantDashboard:statement.heading')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('merchantDashboard:statement.about')}</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
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
        <Button type="submit" variant="secondary" isLoading={busy === 'csv'} disabled={busy !== null}>
          {t('merchantDashboard:statement.download')}
        </Button>
        <Button
          variant="secondary"
          isLoading={busy === 'pdf'}
          disabled={busy !== null}
          onClick={() => void download('pdf')}
        >
          {t('merchantDashboard:statement.downloadPdf')}
        </Button>
      </form>
      {error ? <FormError>{error}</FormError> : null}
    </section>
  );
}
