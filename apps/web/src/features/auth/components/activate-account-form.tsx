import { useTranslation } from 'react-i18next';
import { useActivateAccount } from '../api/activate-account';
import { SetPasswordForm } from './set-password-form';

export function ActivateAccountForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth']);
  const activation = useActivateAccount();
  return (
    <SetPasswordForm
      submitLabel={t('auth:activate.submit')}
      successMessage={t('auth:activate.success')}
      isPending={activation.isPending}
      isSuccess={activation.isSuccess}
      error={activation.error}
      onSubmit={(password) => activation.mutate({ token, password })}
    />
  );
}
