import { DEFAULT_LANGUAGE } from '@gerbang/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, isLanguage } from '../lib/i18n';

/** The interface language as an Intl locale ("ph" is not one Intl knows; it maps to "fil"). */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return HTML_LANG[isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE];
}

/**
 * One formatter per locale for the whole app. Building an Intl formatter is costly (the first of
 * a locale loads its data; a dashboard formats hundreds of cells) and a formatter never changes.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormatFor(locale: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(locale, format);
  }
  return format;
}

export function useFormatDateTime() {
  const locale = useIntlLocale();
  return useCallback((iso: string) => dateTimeFormatFor(locale).format(new Date(iso)), [locale]);
}
