import type { Currency } from '@gerbang/contract';
import { useCallback } from 'react';
import { useIntlLocale } from './use-format-date-time';

const DECIMALS: Record<Currency, number> = { IDR: 0, PHP: 2 };

/**
 * "150000" IDR → "Rp 150.000" (in Indonesian). Amounts stay decimal strings end to end: Intl
 * formats the string itself, exactly, so no float ever stands between the server and the screen.
 */
export function useFormatMoney() {
  const locale = useIntlLocale();
  return useCallback(
    (amount: string, currency: Currency) =>
      moneyFormatFor(locale, currency).format(amount as Intl.StringNumericLiteral),
    [locale],
  );
}

/** One formatter per locale and currency, as in use-format-date-time. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormatFor(locale: string, currency: Currency): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: DECIMALS[currency],
      maximumFractionDigits: DECIMALS[currency],
    });
    moneyFormats.set(key, format);
  }
  return format;
}
