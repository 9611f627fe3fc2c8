import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActivateAccountForm } from '../../../features/auth/components/activate-account-form';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { FormMessage } from '../../../features/auth/components/form-message';

export default function ActivateRoute() {
  const { t } = useTranslation(['auth']);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  return (
    <AuthCard title={t('auth:activate.title')} intro={token ? t('auth:activate.intro') : undefined}>
      {token ? (
        <ActivateAccountForm token={token} />
      ) : (
        <FormMessage tone="error">{t('auth:activate.missingToken')}</FormMessage>
      )}
    </AuthCard>
  );
}
