import type { SigninResponse } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { SigninForm } from '../../../features/auth/components/signin-form';
import { resolveRedirectTarget } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';

export default function SigninRoute() {
  const { t } = useTranslation(['auth']);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  const onSuccess = ({ accessToken, refreshToken, user }: SigninResponse) => {
    signIn({ accessToken, refreshToken }, user);
    navigate(resolveRedirectTarget(location.search), { replace: true });
  };

  return (
    <AuthCard title={t('auth:signin.title')} intro={t('auth:signin.intro')}>
      <SigninForm onSuccess={onSuccess} />
    </AuthCard>
  );
}
