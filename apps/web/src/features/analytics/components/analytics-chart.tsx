import type { Analytics, AnalyticsRow } from '@gerbang/contract';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PANEL_CLASS } from '../../../components/ui/figure-card';
import { useIntlLocale } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';

// Only what a bar chart uses, so the rest of Chart.js stays out of the download.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/**
 * Money in and out by group as bars (Chart.js). The table beside it has the same figures, for
 * screen readers and anyone who wants the numbers; loaded after the page's first paint.
 */
export default function AnalyticsChart({
  analytics,
  labelOf,
}: {
  analytics: Analytics;
  labelOf: (row: AnalyticsRow) => string;
}) {
  const { t } = useTranslation(['analytics']);
  const locale = useIntlLocale();
  const money = useFormatMoney();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again when the figures or the language change.
  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    const style = getComputedStyle(document.documentElement);
    const primary = style.getPropertyValue('--brand-primary').trim() || '#2563eb';
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: analytics.rows.map(labelOf),
        datasets: [
          {
            label: t('analytics:fields.volumeIn'),
            data: analytics.rows.map((row) => Number(row.figures.volumeIn)),
            backgroundColor: primary,
          },
          {
            label: t('analytics:fields.volumeOut'),
            data: analytics.rows.map((row) => Number(row.figures.volumeOut)),
            backgroundColor: '#9ca3af',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { callback: (value) => money(String(value), analytics.currency) } } },
        plugins: {
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label}: ${money(String(item.raw), analytics.currency)}` },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [analytics, locale]);

  return (
    <div className={`h-72 ${PANEL_CLASS}`}>
      <canvas ref={canvasRef} role="img" aria-label={t('analytics:chart.described')} />
    </div>
  );
}
