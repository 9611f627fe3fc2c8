import { LANGUAGES } from '@gerbang/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { changeLanguage, isLanguage } from '../../lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  return (
    <div className="flex items-center gap-1 text-gray-700 dark:text-gray-200">
      <label htmlFor={id} className="sr-only">
        {t('common:language.label')}
      </label>
      <Icon name="language" className="size-5 max-sm:hidden" />
      {/* Narrower on a phone ("Bahasa Indonesia" is cut): the merchant's top bar, with Test mode and the account menu, fits 360 px. */}
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        className="rounded-md border border-gray-300 bg-white py-1.5 pr-7 pl-2 text-sm max-sm:max-w-28 text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`common:language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
