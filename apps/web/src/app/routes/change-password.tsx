import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';

/** The layout's page header carries the h1; this page's own heading is an h2. */
export default function ChangePasswordRoute() {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-700 dark:bg-gray-800"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('accountSecurity:change.heading')}
      </h2>
      <p className="mt-1 mb-6 text-sm text-gray-600 dark:text-gray-300">{t('accountSecurity:change.intro')}</p>
      <ChangePasswordForm />
    </section>
  );
}
