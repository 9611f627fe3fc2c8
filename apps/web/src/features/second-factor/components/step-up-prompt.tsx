import { lazy, Suspense } from 'react';
import { useIsStepUpRequested } from '../../../lib/step-up';

const StepUpDialog = lazy(() => import('./step-up-dialog'));

/** Mounted by the console layout; the dialog's code loads only when a step-up is asked for. */
export function StepUpPrompt() {
  if (!useIsStepUpRequested()) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  );
}
