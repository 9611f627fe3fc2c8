import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  const { t } = useTranslation(['auth']);
  return (
    <AuthCard title={t('auth:forgot.title')} intro={t('auth:forgot.intro')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
