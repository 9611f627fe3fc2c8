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
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: DECIMALS[currency],
        maximumFractionDigits: DECIMALS[currency],
      }).format(amount as Intl.StringNumericLiteral),
    [locale],
  );
}
