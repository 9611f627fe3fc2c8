import { useCallback, useSyncExternalStore } from 'react';
import { relativeTimeFormat } from '../lib/intl-formats';
import { useIntlLocale } from './use-format-date-time';

/** "Last seen 2 minutes ago" must age without a reload; a coarse tick is enough. */
const RELATIVE_TIME_TICK_MS = 15_000;

const UNITS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
];

/**
 * One clock for the whole app: every "2 minutes ago" on screen ages on the same tick, in one
 * render, rather than each cell keeping its own timer (a 1,000-row table would run 1,000).
 */
const clock = {
  now: Date.now(),
  listeners: new Set<() => void>(),
  timer: undefined as ReturnType<typeof setInterval> | undefined,
};

function subscribe(listener: () => void): () => void {
  clock.listeners.add(listener);
  if (!clock.timer) {
    clock.now = Date.now();
    clock.timer = setInterval(() => {
      clock.now = Date.now();
      for (const notify of clock.listeners) notify();
    }, RELATIVE_TIME_TICK_MS);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer) {
      clearInterval(clock.timer);
      clock.timer = undefined;
    }
  };
}

/** Stable between calls (as useSyncExternalStore requires); fresh when nothing kept it ticking. */
function readClock(): number {
  if (!clock.timer && Date.now() - clock.now >= RELATIVE_TIME_TICK_MS) clock.now = Date.now();
  return clock.now;
}

function useNow(): number {
  return useSyncExternalStore(subscribe, readClock);
}

/**
 * "3 minutes ago", in the interface language, kept current. For moments that have happened (last
 * seen, a check's start or end): one the shared clock has not caught up with yet (it ticks every
 * 15 s) or that the server's clock put a little ahead of this browser's reads "now", never "in 4
 * seconds".
 */
export function useFormatRelativeTime() {
  const locale = useIntlLocale();
  const now = useNow();
  return useCallback(
    (iso: string) => {
      const elapsedSeconds = Math.min(0, Math.round((Date.parse(iso) - now) / 1000));
      const format = relativeTimeFormat(locale);
      const match = UNITS.find(({ seconds }) => Math.abs(elapsedSeconds) >= seconds) ?? { unit: 'second', seconds: 1 };
      return format.format(Math.round(elapsedSeconds / match.seconds), match.unit);
    },
    [locale, now],
  );
}
