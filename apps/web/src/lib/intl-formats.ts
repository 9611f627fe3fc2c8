/**
 * One Intl formatter per locale and options for the whole app. Building one is costly (the first
 * of a locale loads its data; a dashboard formats hundreds of cells) and a formatter never changes.
 */
const formats = new Map<string, unknown>();

function cached<T>(key: string, create: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (format === undefined) {
    format = create();
    formats.set(key, format);
  }
  return format;
}

export const dateTimeFormat = (locale: string) =>
  cached(`date-time ${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

export const relativeTimeFormat = (locale: string) =>
  cached(`relative ${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

export const moneyFormat = (locale: string, currency: string, decimals: number) =>
  cached(
    `money ${locale} ${currency}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
  );

export const percentFormat = (locale: string) =>
  cached(`percent ${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }));

/** "14 Nov": a day of a chart's axis (the day's own date, whatever this browser's zone). */
export const shortDayFormat = (locale: string) =>
  cached(
    `short-day ${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  );
