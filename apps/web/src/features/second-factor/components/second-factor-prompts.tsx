import { ROLE } from '@gerbang/contract';
import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session';
import { useIsStepUpRequested } from '../../../lib/step-up';
import { SecondFactorOffBanner } from './second-factor-off-banner';

const StepUpDialog = lazy(() => import('./step-up-dialog'));

/** Mounted by the console layout above the page header, for Admins while the policy is off. */
export function SecondFactorOffNotice() {
  const { user } = useSession();
  if (!user || user.roleId !== ROLE.Admin || user.secondFactorRequired) return null;
  return <SecondFactorOffBanner />;
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
