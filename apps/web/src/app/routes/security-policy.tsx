import { useTranslation } from 'react-i18next';
import { SecondFactorPolicyForm } from '../../features/second-factor/components/second-factor-policy-form';

/** Admins: which roles must sign in with a second factor. */
export default function SecurityPolicyRoute() {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  return (
    <section
      aria-labelledby="policy-heading"
      className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-700 dark:bg-gray-800"
    >
      <h2 id="policy-heading" className="mb-4 text-lg font-semibold text-gray-900 dark:text-white">
        {t('accountSecurity:policy.heading')}
      </h2>
      <SecondFactorPolicyForm />
    </section>
  );
}
