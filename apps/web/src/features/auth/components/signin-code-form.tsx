import type { SigninResponse } from '@gerbang/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { parseApiError } from '../../../lib/api-error';
import { useSigninWithCode } from '../api/signin';
import { useSigninErrorMessage } from '../hooks/use-signin-error-message';
import { FormMessage } from './form-message';

type SigninCodeFormProps = {
  challengeToken: string;
  onSuccess: (response: SigninResponse) => void;
  /** The challenge expired or had too many wrong codes: back to email and password. */
  onRestart: (message: string) => void;
};

/** Sign-in's second step: a code from the authenticator app, or a recovery code. */
export function SigninCodeForm({ challengeToken, onSuccess, onRestart }: SigninCodeFormProps) {
  const { t } = useTranslation(['auth']);
  const signin = useSigninWithCode();
  const errorMessage = useSigninErrorMessage();
  const [code, setCode] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!code.trim()) return;
    signin.mutate({ challengeToken, code: code.trim() }, { onSuccess });
  };

  const isChallengeOver = signin.isError && parseApiError(signin.error).code === 'SIGNIN_CHALLENGE_INVALID';
  useEffect(() => {
    if (isChallengeOver) onRestart(errorMessage(signin.error));
  }, [isChallengeOver, onRestart, errorMessage, signin.error]);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {signin.isError ? <FormMessage tone="error">{errorMessage(signin.error)}</FormMessage> : null}
      <Input
        label={t('auth:secondFactor.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={isSubmitted && !code.trim() ? t('auth:common.required') : undefined}
      />
      <Button type="submit" variant="primary" isLoading={signin.isPending} className="w-full">
        {t('auth:secondFactor.submit')}
      </Button>
    </form>
  );
}
