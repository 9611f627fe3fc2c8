import { useCallback } from 'react';
import { percentFormat } from '../lib/intl-formats';
import { useIntlLocale } from './use-format-date-time';

/** 0.975 → "97.5%" in the interface language; null → "—" (no figure yet). */
export function useFormatPercent() {
  const locale = useIntlLocale();
  return useCallback((rate: number | null) => (rate === null ? '—' : percentFormat(locale).format(rate)), [locale]);
}
