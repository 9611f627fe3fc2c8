import type { SigninAnswer } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useSignin } from '../api/signin';
import { useSigninErrorMessage } from '../hooks/use-signin-error-message';
import { FormMessage } from './form-message';

type SigninFormProps = { onSuccess: (answer: SigninAnswer) => void };

export function SigninForm({ onSuccess }: SigninFormProps) {
  const { t } = useTranslation(['auth']);
  const signin = useSignin();
  const signinErrorMessage = useSigninErrorMessage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!email.trim() || !password) return;
    signin.mutate({ email: email.trim(), password }, { onSuccess });
  };

  const requiredError = (value: string) => (isSubmitted && !value ? t('auth:common.required') : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {signin.isError ? <FormMessage tone="error">{signinErrorMessage(signin.error)}</FormMessage> : null}
      <Input
        label={t('auth:common.email')}
        name="email"
        type="email"
        autoComplete="username"
        placeholder={t('auth:common.emailPlaceholder')}
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={requiredError(email.trim())}
      />
      <Input
        label={t('auth:signin.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={requiredError(password)}
      />
      <div className="flex justify-end">
        <Link
          to="/auth/forgot-password"
          className="text-sm font-medium text-gray-900 underline hover:no-underline dark:text-white"
        >
          {t('auth:signin.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" variant="primary" isLoading={signin.isPending} className="w-full">
        {t('auth:signin.submit')}
      </Button>
    </form>
  );
}
