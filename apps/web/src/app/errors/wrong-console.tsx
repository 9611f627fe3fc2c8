import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';

/** A signed-in user whose role belongs to the other console (e.g. a Merchant in the admin console). */
export function WrongConsole() {
  const { t } = useTranslation('common');
  const { logout } = useSession();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const onLogout = async () => {
    setIsLoggingOut(true);
    await logout();
  };
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold">{t('common:wrongConsole.title')}</h1>
        <p className="mt-3 text-gray-700 dark:text-gray-300">{t('common:wrongConsole.message')}</p>
        <Button className="mt-6" onClick={onLogout} isLoading={isLoggingOut}>
          {t('common:userMenu.logOut')}
        </Button>
      </div>
    </main>
  );
}
