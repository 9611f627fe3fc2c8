import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { FormMessage } from '../../../features/auth/components/form-message';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const { t } = useTranslation(['auth']);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  if (!token) {
    return (
      <AuthCard title={t('auth:reset.title')}>
        <div className="flex flex-col gap-4">
          <FormMessage tone="error">{t('auth:reset.missingToken')}</FormMessage>
          <Link
            to="/auth/forgot-password"
            className="font-medium text-gray-900 underline hover:no-underline dark:text-white"
          >
            {t('auth:reset.requestNew')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:reset.title')} intro={t('auth:reset.intro')}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
