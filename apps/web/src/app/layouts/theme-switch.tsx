import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { setColorTheme, useColorTheme } from '../../lib/color-theme';

export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const theme = useColorTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={() => setColorTheme(isDark ? 'light' : 'dark')}
      aria-label={isDark ? t('common:theme.switchToLight') : t('common:theme.switchToDark')}
      title={isDark ? t('common:theme.switchToLight') : t('common:theme.switchToDark')}
      className="rounded-md p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
    >
      <Icon name={isDark ? 'sun' : 'moon'} />
    </button>
  );
}
