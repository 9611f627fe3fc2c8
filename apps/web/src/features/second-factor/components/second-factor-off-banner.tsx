import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * While Admins may sign in with a password alone, every Admin page says so and recommends the
 * policy. Drawn with the layout, often its largest paint: its texts are the console's own, loaded
 * with the sidebar's.
 */
export function SecondFactorOffBanner() {
  const { t } = useTranslation('console');
  return (
    <p
      role="note"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {t('console:secondFactorOff.notice')}{' '}
      <Link to="/security" className="font-medium underline hover:no-underline">
        {t('console:secondFactorOff.openPolicy')}
      </Link>
    </p>
  );
}
