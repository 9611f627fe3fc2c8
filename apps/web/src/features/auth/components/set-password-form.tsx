import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useFormError } from '../hooks/use-form-error';
import { type NewPasswordErrors, useValidateNewPassword } from '../hooks/use-validate-new-password';
import { FormMessage } from './form-message';
import { NewPasswordFields } from './new-password-fields';

type SetPasswordFormProps = {
  submitLabel: string;
  successMessage: string;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
};

/** Activation and reset both set a password from a one-time link, then send the user to sign in. */
export function SetPasswordForm({
  submitLabel,
  successMessage,
  isPending,
  isSuccess,
  error,
  onSubmit,
}: SetPasswordFormProps) {
  const { t } = useTranslation(['auth']);
  const validateNewPassword = useValidateNewPassword();
  const { fieldError, bannerError } = useFormError();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});

  if (isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage tone="success">{successMessage}</FormMessage>
        <Link to="/auth/signin" className="font-medium text-gray-900 underline hover:no-underline dark:text-white">
          {t('auth:common.goToSignin')}
        </Link>
      </div>
    );
  }

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors = validateNewPassword(password, confirmPassword);
    setErrors(nextErrors);
    if (nextErrors.password || nextErrors.confirmPassword) return;
    onSubmit(password);
  };

  const banner = bannerError(error, ['password']);
  return (
    <form noValidate onSubmit={onFormSubmit} className="flex flex-col gap-4">
      {banner ? <FormMessage tone="error">{banner}</FormMessage> : null}
      <NewPasswordFields
        password={password}
        confirmPassword={confirmPassword}
        onPasswordChange={setPassword}
        onConfirmPasswordChange={setConfirmPassword}
        errors={{ password: errors.password ?? fieldError(error, 'password'), confirmPassword: errors.confirmPassword }}
      />
      <Button type="submit" variant="primary" isLoading={isPending} className="w-full">
        {submitLabel}
      </Button>
      <Link
        to="/auth/signin"
        className="text-center text-sm text-gray-700 underline hover:no-underline dark:text-gray-300"
      >
        {t('auth:common.backToSignin')}
      </Link>
    </form>
  );
}
