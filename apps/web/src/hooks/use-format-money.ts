import { CURRENCY_DECIMALS, type Currency } from '@gerbang/contract';
import { useCallback } from 'react';
import { moneyFormat } from '../lib/intl-formats';
import { useIntlLocale } from './use-format-date-time';

/**
 * "150000" IDR → "Rp 150.000" (in Indonesian). Amounts stay decimal strings end to end: Intl
 * formats the string itself, exactly, so no float ever stands between the server and the screen.
 */
export function useFormatMoney() {
  const locale = useIntlLocale();
  return useCallback(
    (amount: string, currency: Currency) =>
      moneyFormat(locale, currency, CURRENCY_DECIMALS[currency]).format(amount as Intl.StringNumericLiteral),
    [locale],
  );
}
