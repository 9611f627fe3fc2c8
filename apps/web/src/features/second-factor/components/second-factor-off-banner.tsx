import { ROLE } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';

/** While Admins may sign in with a password alone, every Admin page says so and recommends the policy (its texts load with it). */
export default function SecondFactorOffBanner() {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const { user } = useSession();
  if (!user || user.roleId !== ROLE.Admin || user.secondFactorRequired) return null;
  return (
    <p
      role="note"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {t('accountSecurity:policy.offForAdmins')}{' '}
      <Link to="/security" className="font-medium underline hover:no-underline">
        {t('accountSecurity:policy.turnOn')}
      </Link>
    </p>
  );
}
