import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useOwnSecondFactors, useRegenerateRecoveryCodes, useRemoveSecondFactor } from '../api/second-factor';
import { AddPasskeyForm } from './add-passkey-form';
import { PasskeyList } from './passkey-list';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TotpEnrolment } from './totp-enrolment';

const SUBHEADING_CLASS = 'text-base font-semibold text-gray-900 dark:text-white';

/**
 * The signed-in user's second factors: an authenticator app, passkeys (any number, beside the
 * app), the recovery codes, and turning it all off.
 */
export function SecondFactorSettings() {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const { user } = useSession();
  const factors = useOwnSecondFactors();
  const apiErrorMessage = useApiErrorMessage();
  const regenerate = useRegenerateRecoveryCodes();
  const remove = useRemoveSecondFactor();
  const confirm = useConfirm();
  // The codes stay on screen until the user says they are saved, even as the user refetch says enrolled.
  const [newCodes, setNewCodes] = useState<readonly string[] | null>(null);
  if (!user) return null;
  if (newCodes) return <RecoveryCodesPanel codes={newCodes} onDone={() => setNewCodes(null)} />;

  // Only a first factor brings recovery codes; one added beside it brings none to show.
  const onFactorAdded = (codes: readonly string[]) => {
    if (codes.length > 0) setNewCodes(codes);
  };
  const onRemove = async () => {
    const confirmed = await confirm({
      title: t('accountSecurity:secondFactor.removeTitle'),
      message: t('accountSecurity:secondFactor.removeMessage'),
      confirmText: t('accountSecurity:secondFactor.remove'),
    });
    if (confirmed) remove.mutate();
  };

  const status = (() => {
    if (user.secondFactorEnrolled) return t('accountSecurity:secondFactor.on');
    return user.secondFactorRequired
      ? t('accountSecurity:secondFactor.mustEnrol')
      : t('accountSecurity:secondFactor.off');
  })();

  return (
    <div className="space-y-6">
      <p
        role="status"
        className={
          user.secondFactorEnrolled
            ? 'text-sm font-medium text-green-800 dark:text-green-300'
            : 'text-sm text-gray-700 dark:text-gray-300'
        }
      >
        {status}
      </p>
      {factors.isError ? <FormError>{apiErrorMessage(factors.error)}</FormError> : null}
      {factors.isPending ? <Spinner /> : null}
      {factors.data ? (
        <>
          <section aria-labelledby="authenticator-app-heading" className="space-y-3">
            <h3 id="authenticator-app-heading" className={SUBHEADING_CLASS}>
              {t('accountSecurity:totp.heading')}
            </h3>
            {factors.data.totp ? (
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('accountSecurity:totp.on')}</p>
            ) : (
              <TotpEnrolment onEnrolled={onFactorAdded} />
            )}
          </section>
          <section aria-labelledby="passkeys-heading" className="space-y-3">
            <h3 id="passkeys-heading" className={SUBHEADING_CLASS}>
              {t('accountSecurity:passkey.heading')}
            </h3>
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('accountSecurity:passkey.intro')}</p>
            <PasskeyList passkeys={factors.data.passkeys} />
            <AddPasskeyForm onAdded={onFactorAdded} />
          </section>
        </>
      ) : null}
      {user.secondFactorEnrolled ? (
        <section aria-labelledby="recovery-codes-heading" className="space-y-3">
          <h3 id="recovery-codes-heading" className={SUBHEADING_CLASS}>
            {t('accountSecurity:recoveryCodes.heading')}
          </h3>
          {factors.data ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {t('accountSecurity:recoveryCodes.left', { count: factors.data.recoveryCodesLeft })}
            </p>
          ) : null}
          {regenerate.isError ? <FormError>{apiErrorMessage(regenerate.error)}</FormError> : null}
          {remove.isError ? <FormError>{apiErrorMessage(remove.error)}</FormError> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              isLoading={regenerate.isPending}
              onClick={() => regenerate.mutate(undefined, { onSuccess: (answer) => setNewCodes(answer.recoveryCodes) })}
            >
              {t('accountSecurity:recoveryCodes.regenerate')}
            </Button>
            {user.secondFactorRequired ? null : (
              <Button type="button" variant="danger" isLoading={remove.isPending} onClick={() => void onRemove()}>
                {t('accountSecurity:secondFactor.remove')}
              </Button>
            )}
          </div>
          {user.secondFactorRequired ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t('accountSecurity:secondFactor.requiredByRole')}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
