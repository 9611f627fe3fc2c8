import { useTranslation } from 'react-i18next';
import { useResetPassword } from '../api/reset-password';
import { SetPasswordForm } from './set-password-form';

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth']);
  const reset = useResetPassword();
  return (
    <SetPasswordForm
      submitLabel={t('auth:reset.submit')}
      successMessage={t('auth:reset.success')}
      isPending={reset.isPending}
      isSuccess={reset.isSuccess}
      error={reset.error}
      onSubmit={(password) => reset.mutate({ token, password })}
    />
  );
}
