import { ROLE } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { setConsoleMode, useConsoleMode } from '../../lib/console-mode';
import { useSession } from '../../lib/session';

/** The merchant console's Test/Live switch (top bar): a merchant's own data, or its test mode's. */
export function ModeSwitch() {
  const { t } = useTranslation('console');
  const { user } = useSession();
  const mode = useConsoleMode();
  if (user?.roleId !== ROLE.Merchant) return null;
  const isTest = mode === 'test';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isTest}
      onClick={() => setConsoleMode(isTest ? 'live' : 'test')}
      title={t('console:testMode.switchHint')}
      className={`flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium ${
        isTest
          ? 'border-amber-400 bg-amber-100 text-amber-900 dark:border-amber-600 dark:bg-amber-900/40 dark:text-amber-100'
          : 'border-gray-300 text-gray-700 hover:bg-gray-100 dark:border-gray-600 dark:text-gray-200 dark:hover:bg-gray-800'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-2.5 rounded-full ${isTest ? 'bg-amber-500' : 'bg-gray-400'}`}
      />
      {t('console:testMode.switch')}
    </button>
  );
}
