import { useCallback, useEffect, useState } from 'react';
import { useIntlLocale } from './use-format-date-time';

/** "Last seen 2 minutes ago" must age without a reload; a coarse tick is enough. */
const RELATIVE_TIME_TICK_MS = 15_000;

const UNITS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
];

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "3 minutes ago", in the interface language, kept current. */
export function useFormatRelativeTime() {
  const locale = useIntlLocale();
  const now = useNow(RELATIVE_TIME_TICK_MS);
  return useCallback(
    (iso: string) => {
      const elapsedSeconds = Math.round((Date.parse(iso) - now) / 1000);
      const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      const match = UNITS.find(({ seconds }) => Math.abs(elapsedSeconds) >= seconds) ?? { unit: 'second', seconds: 1 };
      return format.format(Math.round(elapsedSeconds / match.seconds), match.unit);
    },
    [locale, now],
  );
}
