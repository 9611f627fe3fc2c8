import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useConfirmTotpEnrolment, useStartTotpEnrolment } from '../api/second-factor';

const QrImage = lazy(() => import('../../../components/ui/qr-image'));

/** Set up an authenticator app: scan (or type) the secret, confirm with a first code; answers the recovery codes. */
export function TotpEnrolment({ onEnrolled }: { onEnrolled(recoveryCodes: readonly string[]): void }) {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const apiErrorMessage = useApiErrorMessage();
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const [code, setCode] = useState('');
  const [isSubmitted, setIsSubmitted] = useState(false);

  if (!start.data) {
    return (
      <div className="space-y-3">
        {start.isError ? <FormError>{apiErrorMessage(start.error)}</FormError> : null}
        <Button type="button" variant="primary" isLoading={start.isPending} onClick={() => start.mutate()}>
          {t('accountSecurity:totp.start')}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (code.trim()) confirm.mutate({ code: code.trim() }, { onSuccess: (answer) => onEnrolled(answer.recoveryCodes) });
  };

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-300">
        <li>{t('accountSecurity:totp.stepScan')}</li>
        <li>{t('accountSecurity:totp.stepCode')}</li>
      </ol>
      <Suspense fallback={<Spinner />}>
        <QrImage payload={start.data.otpauthUri} label={t('accountSecurity:totp.qrLabel')} />
      </Suspense>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t('accountSecurity:totp.manual')}{' '}
        <code data-testid="totp-secret" className="font-mono break-all">
          {start.data.secret}
        </code>
      </p>
      <form noValidate onSubmit={onSubmit} className="flex max-w-sm flex-col gap-3">
        {confirm.isError ? <FormError>{apiErrorMessage(confirm.error)}</FormError> : null}
        <Input
          label={t('accountSecurity:signinCode.code')}
          name="totpCode"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={isSubmitted && !code.trim() ? t('auth:common.required') : undefined}
        />
        <Button type="submit" variant="primary" isLoading={confirm.isPending}>
          {t('accountSecurity:totp.confirm')}
        </Button>
      </form>
    </div>
  );
}
