import type { MerchantStats } from '@gerbang/contract';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useFormatPercent } from '../../../hooks/use-format-percent';
import { shortDayFormat } from '../../../lib/intl-formats';
import { successRate } from './today-figures';

// Only what a bar chart uses, so the rest of Chart.js stays out of the download.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The days' volume as numbers for drawing (MAX_AMOUNT_MINOR keeps them exact as doubles). */
const toNumber = (amount: string) => Number(amount);

/**
 * The last 14 days' volume as bars (Chart.js), with the same figures as a table for screen
 * readers and anyone who wants the numbers, inside the frame the activity draws for it. Loaded
 * with the dashboard, after its first paint.
 */
export default function DailyChart({ stats }: { stats: MerchantStats }) {
  const { t } = useTranslation(['merchantDashboard']);
  const locale = useIntlLocale();
  const money = useFormatMoney();
  const percent = useFormatPercent();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dayLabel = (day: string) => shortDayFormat(locale).format(new Date(`${day}T00:00:00Z`));

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again when the figures or the language change.
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const primary = getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim() || '#2563eb';
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: stats.days.map((day) => dayLabel(day.day)),
        datasets: [
          {
            label: t('merchantDashboard:chart.volume'),
            data: stats.days.map((day) => toNumber(day.volume)),
            backgroundColor: primary,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { callback: (value) => money(String(value), stats.currency) } } },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => {
                const day = stats.days[item.dataIndex];
                return day
                  ? `${money(day.volume, stats.currency)} · ${t('merchantDashboard:chart.successRate')}: ${percent(successRate(day))}`
                  : '';
              },
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [stats, locale]);

  return (
    <>
      <canvas ref={canvasRef} role="img" aria-label={t('merchantDashboard:chart.described')} />
      <table className="sr-only">
        <caption>{t('merchantDashboard:chart.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('merchantDashboard:chart.day')}</th>
            <th scope="col">{t('merchantDashboard:chart.volume')}</th>
            <th scope="col">{t('merchantDashboard:chart.sessions')}</th>
            <th scope="col">{t('merchantDashboard:chart.successRate')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{dayLabel(day.day)}</th>
              <td>{money(day.volume, stats.currency)}</td>
              <td>{day.sessions}</td>
              <td>{percent(successRate(day))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
