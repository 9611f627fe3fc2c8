import { useIntlLocale } from '../../../hooks/use-format-date-time';

/** "40 sec", "12 min", "3 hr" in the user's language (how far a transfer is from a session's opening). */
export function useFormatDuration() {
  const locale = useIntlLocale();
  return (totalSeconds: number) => {
    const seconds = Math.abs(totalSeconds);
    const [value, unit] =
      seconds < 120
        ? [seconds, 'second']
        : seconds < 7_200
          ? [Math.round(seconds / 60), 'minute']
          : [Math.round(seconds / 3_600), 'hour'];
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  };
}
