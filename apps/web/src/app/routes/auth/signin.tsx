import type { SecondFactorChallenge, SigninAnswer, SigninResponse } from '@gerbang/contract';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { FormMessage } from '../../../features/auth/components/form-message';
import { SigninForm } from '../../../features/auth/components/signin-form';
import { resolveRedirectTarget } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';

// Only users with a second factor reach the code step (and its passkey prompt): its code loads then.
const SigninCodeStep = lazy(() => import('../../../features/auth/components/signin-code-form'));

/** Email and password; for a user with a second factor, then a passkey or a code. */
export default function SigninRoute() {
  const { t } = useTranslation(['auth']);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [restartMessage, setRestartMessage] = useState<string | null>(null);

  const onSignedIn = ({ accessToken, refreshToken, user }: SigninResponse) => {
    signIn({ accessToken, refreshToken }, user);
    navigate(resolveRedirectTarget(location.search), { replace: true });
  };
  const onPassword = (answer: SigninAnswer) => {
    if ('secondFactorRequired' in answer) {
      setRestartMessage(null);
      setChallenge(answer);
    } else onSignedIn(answer);
  };
  const onRestart = useCallback((message: string) => {
    setChallenge(null);
    setRestartMessage(message);
  }, []);

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SigninCodeStep
          challengeToken={challenge.challengeToken}
          methods={challenge.methods}
          onSuccess={onSignedIn}
          onRestart={onRestart}
        />
      </Suspense>
    );
  }
  return (
    <AuthCard title={t('auth:signin.title')} intro={t('auth:signin.intro')}>
      {restartMessage ? <FormMessage tone="error">{restartMessage}</FormMessage> : null}
      <SigninForm onSuccess={onPassword} />
    </AuthCard>
  );
}
