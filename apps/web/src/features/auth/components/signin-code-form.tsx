import type { SecondFactorMethod, SigninResponse } from '@gerbang/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { parseApiError } from '../../../lib/api-error';
import { PasskeyPromptError, usePasskeyErrorMessage } from '../../../lib/passkey-prompt-error';
import { useSigninWithCode, useSigninWithPasskey } from '../api/signin';
import { useSigninErrorMessage } from '../hooks/use-signin-error-message';
import { AuthCard } from './auth-card';
import { FormMessage } from './form-message';

type SigninCodeFormProps = {
  challengeToken: string;
  /** The ways the user can prove its second factor (the sign-in challenge lists them). */
  methods: readonly SecondFactorMethod[];
  onSuccess: (response: SigninResponse) => void;
  /** The challenge expired or had too many wrong codes: back to email and password. */
  onRestart: (message: string) => void;
};

/** Sign-in's second step: a passkey, a code from the authenticator app, or a recovery code. */
function SigninCodeForm({ challengeToken, methods, onSuccess, onRestart }: SigninCodeFormProps) {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const signin = useSigninWithCode();
  const passkey = useSigninWithPasskey();
  const signinErrorMessage = useSigninErrorMessage();
  const passkeyErrorMessage = usePasskeyErrorMessage();
  const [code, setCode] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const hasPasskey = methods.includes('passkey');
  // The last attempt's error, whichever way it was made.
  const [lastTried, setLastTried] = useState<'code' | 'passkey'>('code');
  const attempt = lastTried === 'passkey' ? passkey : signin;
  const errorMessage = (error: unknown) =>
    error instanceof PasskeyPromptError ? passkeyErrorMessage(error) : signinErrorMessage(error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!code.trim()) return;
    setLastTried('code');
    signin.mutate({ challengeToken, code: code.trim() }, { onSuccess });
  };
  const onPasskey = () => {
    setLastTried('passkey');
    passkey.mutate(challengeToken, { onSuccess });
  };

  const isChallengeOver = attempt.isError && parseApiError(attempt.error).code === 'SIGNIN_CHALLENGE_INVALID';
  const restartMessage = isChallengeOver ? signinErrorMessage(attempt.error) : null;
  useEffect(() => {
    if (restartMessage) onRestart(restartMessage);
  }, [restartMessage, onRestart]);

  return (
    <div className="flex flex-col gap-4">
      {attempt.isError ? <FormMessage tone="error">{errorMessage(attempt.error)}</FormMessage> : null}
      {hasPasskey ? (
        <>
          <Button type="button" variant="primary" isLoading={passkey.isPending} onClick={onPasskey} className="w-full">
            {t('accountSecurity:signinPasskey.use')}
          </Button>
          <p className="text-center text-sm text-gray-600 dark:text-gray-400">
            {t('accountSecurity:signinPasskey.orCode')}
          </p>
        </>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          label={t('accountSecurity:signinCode.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus={!hasPasskey}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={isSubmitted && !code.trim() ? t('auth:common.required') : undefined}
        />
        <Button
          type="submit"
          variant={hasPasskey ? 'secondary' : 'primary'}
          isLoading={signin.isPending}
          className="w-full"
        >
          {t('accountSecurity:signinCode.submit')}
        </Button>
      </form>
    </div>
  );
}

/** The code step's card and form, loaded only when a user with a second factor reaches it (texts too). */
export default function SigninCodeStep(props: SigninCodeFormProps) {
  const { t } = useTranslation(['accountSecurity']);
  const hasPasskey = props.methods.includes('passkey');
  return (
    <AuthCard
      title={t('accountSecurity:signinCode.title')}
      intro={hasPasskey ? t('accountSecurity:signinCode.introWithPasskey') : t('accountSecurity:signinCode.intro')}
    >
      <SigninCodeForm {...props} />
    </AuthCard>
  );
}
