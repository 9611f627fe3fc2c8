import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { usePasskeyErrorMessage } from '../../../lib/passkey-prompt-error';
import { finishStepUp } from '../../../lib/step-up';
import { postStepUpWithPasskey } from '../api/passkeys';
import { postStepUp, useOwnSecondFactors } from '../api/second-factor';

/**
 * Asks for the second factor again when the server refused a money action with STEP_UP_REQUIRED:
 * a passkey (when the user has one) or a code. The refused request is sent again once it passes
 * (lib/api-client), or fails if cancelled.
 */
export default function StepUpDialog() {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const errorMessage = usePasskeyErrorMessage();
  const hasPasskey = (useOwnSecondFactors().data?.passkeys.length ?? 0) > 0;
  const [code, setCode] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const prove = (proof: () => Promise<unknown>) => {
    setIsPending(true);
    setError(null);
    proof().then(
      () => finishStepUp(true),
      (failure: unknown) => {
        setIsPending(false);
        setError(errorMessage(failure));
      },
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (code.trim()) prove(() => postStepUp({ code: code.trim() }));
  };

  return (
    <FormModal
      title={t('accountSecurity:stepUp.title')}
      onClose={() => finishStepUp(false)}
      onSubmit={onSubmit}
      isLoading={isPending}
      submitLabel={t('accountSecurity:stepUp.submit')}
    >
      <p className="text-sm text-gray-600 dark:text-gray-300">
        {hasPasskey ? t('accountSecurity:stepUp.introWithPasskey') : t('accountSecurity:stepUp.intro')}
      </p>
      {error ? <FormError>{error}</FormError> : null}
      {hasPasskey ? (
        <Button type="button" variant="secondary" disabled={isPending} onClick={() => prove(postStepUpWithPasskey)}>
          {t('accountSecurity:signinPasskey.use')}
        </Button>
      ) : null}
      <Input
        label={t('accountSecurity:signinCode.code')}
        name="stepUpCode"
        autoComplete="one-time-code"
        autoFocus={!hasPasskey}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={isSubmitted && !code.trim() ? t('auth:common.required') : undefined}
      />
    </FormModal>
  );
}
