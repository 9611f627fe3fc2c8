import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { useApiErrorMessage } from '../../../lib/api-error';
import { finishStepUp } from '../../../lib/step-up';
import { postStepUp } from '../api/second-factor';

/**
 * Asks for a fresh code when the server refused a money action with STEP_UP_REQUIRED; the
 * refused request is sent again once the code passes (lib/api-client), or fails if cancelled.
 */
export default function StepUpDialog() {
  const { t } = useTranslation(['security', 'auth']);
  const apiErrorMessage = useApiErrorMessage();
  const [code, setCode] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!code.trim()) return;
    setIsPending(true);
    setError(null);
    postStepUp({ code: code.trim() }).then(
      () => finishStepUp(true),
      (failure: unknown) => {
        setIsPending(false);
        setError(apiErrorMessage(failure));
      },
    );
  };

  return (
    <FormModal
      title={t('security:stepUp.title')}
      onClose={() => finishStepUp(false)}
      onSubmit={onSubmit}
      isLoading={isPending}
      submitLabel={t('security:stepUp.submit')}
    >
      <p className="text-sm text-gray-600 dark:text-gray-300">{t('security:stepUp.intro')}</p>
      {error ? <FormError>{error}</FormError> : null}
      <Input
        label={t('security:code')}
        name="stepUpCode"
        autoComplete="one-time-code"
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={isSubmitted && !code.trim() ? t('auth:common.required') : undefined}
      />
    </FormModal>
  );
}
