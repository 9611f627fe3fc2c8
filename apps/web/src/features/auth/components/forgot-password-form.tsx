import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useFormError } from '../hooks/use-form-error';
import { FormMessage } from './form-message';

export function ForgotPasswordForm() {
  const { t } = useTranslation(['auth']);
  const request = useRequestPasswordReset();
  const { fieldError, bannerError } = useFormError();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();

  if (request.isSuccess) {
    // Same words whether or not the account exists: the page must not reveal who has one.
    return (
      <div className="flex flex-col gap-4">
        <FormMessage tone="success">{t('auth:forgot.sent')}</FormMessage>
        <Link to="/auth/signin" className="font-medium text-gray-900 underline hover:no-underline dark:text-white">
          {t('auth:common.backToSignin')}
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    const nextError = trimmed ? undefined : t('auth:common.required');
    setEmailError(nextError);
    if (nextError) return;
    request.mutate({ email: trimmed });
  };

  const banner = bannerError(request.error, ['email']);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {banner ? <FormMessage tone="error">{banner}</FormMessage> : null}
      <Input
        label={t('auth:common.email')}
        name="email"
        type="email"
        autoComplete="email"
        placeholder={t('auth:common.emailPlaceholder')}
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailError ?? fieldError(request.error, 'email')}
      />
      <Button type="submit" variant="primary" isLoading={request.isPending} className="w-full">
        {t('auth:forgot.submit')}
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
