import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';
import { useChangePassword } from '../api/change-password';
import { useFormError } from '../hooks/use-form-error';
import { type NewPasswordErrors, useValidateNewPassword } from '../hooks/use-validate-new-password';
import { FormMessage } from './form-message';
import { NewPasswordFields } from './new-password-fields';

type ChangePasswordErrors = NewPasswordErrors & { currentPassword?: string };

export function ChangePasswordForm() {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const change = useChangePassword();
  const validateNewPassword = useValidateNewPassword();
  const { fieldError, bannerError } = useFormError();
  const apiErrorMessage = useApiErrorMessage();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<ChangePasswordErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors: ChangePasswordErrors = {
      ...validateNewPassword(newPassword, confirmPassword),
      currentPassword: currentPassword ? undefined : t('auth:common.required'),
    };
    setErrors(nextErrors);
    if (Object.values(nextErrors).some(Boolean)) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          // The server signs out the other sessions only; this one keeps its tokens.
          toast.success(t('accountSecurity:change.success'));
          setCurrentPassword('');
          setNewPassword('');
          setConfirmPassword('');
          change.reset();
        },
      },
    );
  };

  // A wrong current password belongs next to that input, not in the banner.
  const isWrongPassword = change.error ? parseApiError(change.error).code === 'WRONG_PASSWORD' : false;
  const currentPasswordServerError = isWrongPassword
    ? apiErrorMessage(change.error)
    : fieldError(change.error, 'currentPassword');
  const banner = isWrongPassword ? undefined : bannerError(change.error, ['currentPassword', 'newPassword']);
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      {banner ? <FormMessage tone="error">{banner}</FormMessage> : null}
      <Input
        label={t('accountSecurity:change.current')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
        error={errors.currentPassword ?? currentPasswordServerError}
      />
      <NewPasswordFields
        name="newPassword"
        password={newPassword}
        confirmPassword={confirmPassword}
        onPasswordChange={setNewPassword}
        onConfirmPasswordChange={setConfirmPassword}
        errors={{
          password: errors.password ?? fieldError(change.error, 'newPassword'),
          confirmPassword: errors.confirmPassword,
        }}
      />
      <Button type="submit" variant="primary" isLoading={change.isPending} className="w-full sm:w-auto sm:self-start">
        {t('accountSecurity:change.submit')}
      </Button>
    </form>
  );
}
