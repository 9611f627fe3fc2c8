import { ROLE } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { useConsoleMode } from '../../lib/console-mode';
import { useSession } from '../../lib/session';

/** Above every page while the merchant console is in test mode: nothing here is real money. */
export function TestModeBanner() {
  const { t } = useTranslation('console');
  const { user } = useSession();
  const mode = useConsoleMode();
  if (user?.roleId !== ROLE.Merchant || mode !== 'test') return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-100 px-3 py-2 text-center text-sm text-amber-900 sm:px-6 dark:border-amber-700 dark:bg-amber-900/40 dark:text-amber-100"
    >
      <strong className="mr-2 tracking-wide">{t('console:testMode.badge')}</strong>
      {t('console:testMode.banner')}
    </div>
  );
}
