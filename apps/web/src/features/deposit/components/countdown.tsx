import { useTranslation } from 'react-i18next';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';

/** The time left to pay, by the server's clock; read out to screen readers once a minute at most. */
export function Countdown({ expiresAt, clockOffsetMs }: { expiresAt: string; clockOffsetMs: number }) {
  const { t } = useTranslation(['deposit']);
  const seconds = useCountdown(expiresAt, clockOffsetMs);
  return (
    <p className="flex items-center justify-between rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100">
      <span>{t('deposit:labels.remaining')}</span>
      <time className="font-mono text-base font-semibold" dateTime={`PT${seconds}S`}>
        {formatCountdown(seconds)}
      </time>
    </p>
  );
}
