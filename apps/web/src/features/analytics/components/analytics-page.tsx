import {
  ANALYTICS_GROUPS,
  type AnalyticsGroup,
  type AnalyticsRow,
  CURRENCIES,
  type Currency,
  WALLET_PROVIDERS,
} from '@gerbang/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FigureCard } from '../../../components/ui/figure-card';
import { FormError } from '../../../components/ui/form-error';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useFormatPercent } from '../../../hooks/use-format-percent';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useAnalytics } from '../api/get-analytics';
import { durationText, sessionListLink } from './analytics-rows';

const AnalyticsChart = lazy(() => import('./analytics-chart'));

const DAY_CHOICES = ['1', '7', '30', '90'] as const;
const EMPTY = { days: '7', currency: 'IDR', by: 'day' };

/**
 * Operations analytics (Admin, Sub Admin): the window's totals, then the same figures by the chosen
 * group as a chart and as a table whose rows open the sessions they count. Filters in the address.
 */
export function AnalyticsPage() {
  const { t } = useTranslation(['analytics', 'common']);
  const money = useFormatMoney();
  const percent = useFormatPercent();
  const apiErrorMessage = useApiErrorMessage();
  const [filters, setFilters] = useUrlFilters(EMPTY, {
    days: DAY_CHOICES,
    currency: CURRENCIES,
    by: ANALYTICS_GROUPS,
  });
  const by = filters.by as AnalyticsGroup;
  const currency = filters.currency as Currency;
  const query = useAnalytics({ days: Number(filters.days), currency, by });
  const data = query.data;
  const rate = (value: number | null) => percent(value === null ? null : value / 100);

  /** What a row is, in words: a method's or provider's name, "None" for no merchant or method. */
  const labelOf = (row: AnalyticsRow) => {
    if (row.key === '') return t(by === 'merchant' ? 'analytics:noMerchant' : 'analytics:none');
    if (by === 'hour') return `${row.key.padStart(2, '0')}:00`;
    if (by === 'method') return t(`common:providers.${row.key}`, { defaultValue: row.key.toUpperCase() });
    if (by === 'account') {
      const [provider = '', number = ''] = row.label.split(' ');
      const known = (WALLET_PROVIDERS as readonly string[]).includes(provider);
      return known ? `${t(`common:providers.${provider}`)} ${number}` : row.label;
    }
    return row.label;
  };

  const columns: TableColumn<AnalyticsRow>[] = [
    {
      key: 'group',
      header: t(`analytics:groups.${by}`),
      cell: (row) => {
        const link = sessionListLink(by, row);
        return link ? (
          <Link className="text-blue-700 underline dark:text-blue-300" to={link}>
            {labelOf(row)}
          </Link>
        ) : (
          labelOf(row)
        );
      },
    },
    { key: 'opened', header: t('analytics:fields.sessionsOpened'), cell: (row) => row.figures.sessionsOpened },
    { key: 'paid', header: t('analytics:fields.sessionsPaid'), cell: (row) => row.figures.sessionsPaid },
    { key: 'success', header: t('analytics:fields.successRate'), cell: (row) => rate(row.figures.successRate) },
    {
      key: 'in',
      header: t('analytics:fields.volumeIn'),
      cell: (row) => <span className="whitespace-nowrap">{money(row.figures.volumeIn, currency)}</span>,
    },
    {
      key: 'credit',
      header: t('analytics:fields.secondsToCredit'),
      cell: (row) =>
        `${durationText(row.figures.secondsToCreditP50)} / ${durationText(row.figures.secondsToCreditP95)}`,
    },
    {
      key: 'payouts',
      header: t('analytics:fields.payouts'),
      cell: (row) => t('analytics:paidFailed', { paid: row.figures.payoutsPaid, failed: row.figures.payoutsFailed }),
    },
    {
      key: 'out',
      header: t('analytics:fields.volumeOut'),
      cell: (row) => <span className="whitespace-nowrap">{money(row.figures.volumeOut, currency)}</span>,
    },
    {
      key: 'match',
      header: t('analytics:fields.matchRate'),
      cell: (row) => `${rate(row.figures.matchRate)} (${row.figures.transfersMatched}/${row.figures.transfersIn})`,
    },
  ];

  return (
    <section aria-labelledby="analytics-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="analytics-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('analytics:heading')}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label={t('analytics:filters.days')}
            name="days"
            value={filters.days}
            onChange={(event) => setFilters({ ...filters, days: event.target.value })}
            options={DAY_CHOICES.map((value) => ({
              value,
              label: t('analytics:filters.lastDays', { count: Number(value) }),
            }))}
          />
          <Select
            label={t('analytics:filters.currency')}
            name="currency"
            value={filters.currency}
            onChange={(event) => setFilters({ ...filters, currency: event.target.value })}
            options={CURRENCIES.map((value) => ({ value, label: value }))}
          />
          <Select
            label={t('analytics:filters.by')}
            name="by"
            value={filters.by}
            onChange={(event) => setFilters({ ...filters, by: event.target.value })}
            options={ANALYTICS_GROUPS.map((value) => ({ value, label: t(`analytics:groups.${value}`) }))}
          />
        </div>
      </div>
      {query.isError ? <FormError>{apiErrorMessage(query.error)}</FormError> : null}
      {!data ? (
        query.isPending ? (
          <Spinner label={t('analytics:loading')} />
        ) : null
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FigureCard
              testId="analytics-in"
              title={t('analytics:fields.volumeIn')}
              value={money(data.totals.volumeIn, currency)}
              hint={t('analytics:hints.in', { paid: data.totals.sessionsPaid, opened: data.totals.sessionsOpened })}
            />
            <FigureCard
              testId="analytics-success"
              title={t('analytics:fields.successRate')}
              value={rate(data.totals.successRate)}
              hint={t('analytics:hints.success')}
            />
            <FigureCard
              testId="analytics-credit"
              title={t('analytics:fields.secondsToCredit')}
              value={`${durationText(data.totals.secondsToCreditP50)} / ${durationText(data.totals.secondsToCreditP95)}`}
              hint={t('analytics:hints.credit')}
            />
            <FigureCard
              testId="analytics-out"
              title={t('analytics:fields.volumeOut')}
              value={money(data.totals.volumeOut, currency)}
              hint={t('analytics:paidFailed', { paid: data.totals.payoutsPaid, failed: data.totals.payoutsFailed })}
            />
            <FigureCard
              testId="analytics-match"
              title={t('analytics:fields.matchRate')}
              value={rate(data.totals.matchRate)}
              hint={t('analytics:hints.match', {
                matched: data.totals.transfersMatched,
                incoming: data.totals.transfersIn,
              })}
            />
            <FigureCard
              testId="analytics-waiting"
              title={t('analytics:fields.waiting')}
              value={
                <Link className="text-blue-700 underline dark:text-blue-300" to="/transaction?awaitingReview=true">
                  {t('analytics:waiting', {
                    transfers: data.totals.transfersWaiting,
                    claims: data.totals.claimsWaiting,
                  })}
                </Link>
              }
              hint={t('analytics:hints.waiting')}
            />
          </div>
          <Suspense fallback={<Spinner label={t('analytics:loading')} />}>
            <AnalyticsChart analytics={data} labelOf={labelOf} />
          </Suspense>
          <Table
            columns={columns}
            rows={data.rows}
            getRowKey={(row) => row.key || 'none'}
            isLoading={query.isFetching && query.isPlaceholderData}
            caption={t('analytics:table', { group: t(`analytics:groups.${by}`) })}
            emptyMessage={t('analytics:empty')}
          />
        </>
      )}
    </section>
  );
}
