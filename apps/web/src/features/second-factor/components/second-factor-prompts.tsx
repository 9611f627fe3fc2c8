import { ROLE } from '@gerbang/contract';
import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session';
import { useIsStepUpRequested } from '../../../lib/step-up';

const StepUpDialog = lazy(() => import('./step-up-dialog'));
const SecondFactorOffBanner = lazy(() => import('./second-factor-off-banner'));

/** Mounted by the console layout above the page header: the banner's code loads only for Admins without the policy. */
export function SecondFactorOffNotice() {
  const { user } = useSession();
  if (!user || user.roleId !== ROLE.Admin || user.secondFactorRequired) return null;
  return (
    <Suspense fallback={null}>
      <SecondFactorOffBanner />
    </Suspense>
  );
}

/** Mounted by the console layout; the dialog's code loads only when a step-up is asked for. */
export function StepUpPrompt() {
  if (!useIsStepUpRequested()) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  );
}
