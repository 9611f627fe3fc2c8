import { useTranslation } from 'react-i18next';
import { SecondFactorSettings } from '../../features/second-factor/components/second-factor-settings';

/** The signed-in user's own second factor; the page a user whose role requires one is sent to. */
export default function AccountSecurityRoute() {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  return (
    <section
      aria-labelledby="second-factor-heading"
      className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-700 dark:bg-gray-800"
    >
      <h2 id="second-factor-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('accountSecurity:secondFactor.heading')}
      </h2>
      <div className="mt-4">
        <SecondFactorSettings />
      </div>
    </section>
  );
}
