import { DEFAULT_LANGUAGE } from '@gerbang/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, isLanguage } from '../lib/i18n';
import { dateTimeFormat } from '../lib/intl-formats';

/** The interface language as an Intl locale ("ph" is not one Intl knows; it maps to "fil"). */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return HTML_LANG[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
}

export function useFormatDateTime() {
  const locale = useIntlLocale();
  return useCallback((iso: string) => dateTimeFormat(locale).format(new Date(iso)), [locale]);
}
