import { DEFAULT_LANGUAGE } from '@gerbang/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, isLanguage } from '../../../lib/i18n';

/** Dates in the interface language; "ph" is not a locale Intl knows, so it maps to "fil". */
export function useFormatDateTime() {
  const { i18n } = useTranslation();
  const locale = HTML_LANG[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
  return useCallback(
    (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    [locale],
  );
}
