import type { MerchantStats } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { FigureCard, PENDING_FIGURE } from '../../../components/ui/figure-card';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useFormatPercent } from '../../../hooks/use-format-percent';

/** Succeeded out of ended, as a percentage; null before any session of the day ended. */
export function successRate(day: { ended: number; succeeded: number }): number | null {
  return day.ended === 0 ? null : day.succeeded / day.ended;
}

/**
 * Today, in the merchant's time zone: money received, sessions opened, and how many of the ended
 * ones succeeded. Until the figures arrive (`stats` undefined) the cards hold their place with "…",
 * so nothing below them moves when they do.
 */
export function TodayFigures({ stats }: { stats: MerchantStats | undefined }) {
  const { t } = useTranslation(['merchantDashboard']);
  const money = useFormatMoney();
  const percent = useFormatPercent();
  const today = stats?.days.at(-1);
  if (stats && !today) return null;
  const figures = [
    {
      key: 'volume',
      value: stats && today ? money(today.volume, stats.currency) : PENDING_FIGURE,
      hint: t('merchantDashboard:today.volumeHint'),
    },
    {
      key: 'successRate',
      value: today ? percent(successRate(today)) : PENDING_FIGURE,
      hint: today
        ? t('merchantDashboard:today.successRateHint', { succeeded: today.succeeded, ended: today.ended })
        : t('merchantDashboard:today.successRateHintPending'),
    },
    {
      key: 'sessions',
      value: today ? String(today.sessions) : PENDING_FIGURE,
      hint: t('merchantDashboard:today.sessionsHint'),
    },
  ] as const;
  return (
    <section aria-labelledby="today-heading" aria-busy={!stats} className="flex flex-col gap-3">
      <h2 id="today-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('merchantDashboard:today.heading')}
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <FigureCard
            key={figure.key}
            title={t(`merchantDashboard:today.${figure.key}`)}
            value={figure.value}
            hint={figure.hint}
            testId={`today-${figure.key}`}
          />
        ))}
      </div>
    </section>
  );
}
