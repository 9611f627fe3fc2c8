import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useRegenerateRecoveryCodes, useRemoveSecondFactor } from '../api/second-factor';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TotpEnrolment } from './totp-enrolment';

/** The signed-in user's second factor: set it up, replace the recovery codes, or remove it. */
export function SecondFactorSettings() {
  const { t } = useTranslation(['security', 'auth']);
  const { user } = useSession();
  const apiErrorMessage = useApiErrorMessage();
  const regenerate = useRegenerateRecoveryCodes();
  const remove = useRemoveSecondFactor();
  const confirm = useConfirm();
  // The codes stay on screen until the user says they are saved, even as the user refetch says enrolled.
  const [newCodes, setNewCodes] = useState<readonly string[] | null>(null);
  if (!user) return null;
  if (newCodes) return <RecoveryCodesPanel codes={newCodes} onDone={() => setNewCodes(null)} />;

  const onRemove = async () => {
    const confirmed = await confirm({
      title: t('security:settings.removeTitle'),
      message: t('security:settings.removeMessage'),
      confirmText: t('security:settings.remove'),
    });
    if (confirmed) remove.mutate();
  };

  if (!user.secondFactorEnrolled) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {user.secondFactorRequired ? t('security:settings.mustEnrol') : t('security:settings.offIntro')}
        </p>
        <TotpEnrolment onEnrolled={setNewCodes} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
        {t('security:settings.on')}
      </p>
      {regenerate.isError ? <FormError>{apiErrorMessage(regenerate.error)}</FormError> : null}
      {remove.isError ? <FormError>{apiErrorMessage(remove.error)}</FormError> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          isLoading={regenerate.isPending}
          onClick={() => regenerate.mutate(undefined, { onSuccess: (answer) => setNewCodes(answer.recoveryCodes) })}
        >
          {t('security:recoveryCodes.regenerate')}
        </Button>
        {user.secondFactorRequired ? null : (
          <Button type="button" variant="danger" isLoading={remove.isPending} onClick={() => void onRemove()}>
            {t('security:settings.remove')}
          </Button>
        )}
      </div>
      {user.secondFactorRequired ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('security:settings.requiredByRole')}</p>
      ) : null}
    </div>
  );
}
