import { HEALTH_CHECK_STATUS, readHealthCheckStatus, type WalletAccount } from '@gerbang/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DetailSection } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { HealthStatusBadge } from '../../../components/ui/health-status-badge';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useWalletQrCode } from '../api/get-wallet-qr-code';
import { useRunWalletChecks } from '../api/run-wallet-checks';
import { useWalletPermissions } from '../hooks/use-wallet-permissions';

const QrImage = lazy(() => import('../../../components/ui/qr-image'));

/** The receive QR the phone last fetched (spec healthCheckGetQrCode), and a way to fetch it again. */
export function WalletQrSection({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const { canOperate } = useWalletPermissions();
  const qr = useWalletQrCode(account.id);
  const run = useRunWalletChecks();
  const fetchAgain = () =>
    run.mutate(
      { accountIds: [account.id], type: 'get_qr_code' },
      {
        onSuccess: ({ skipped }) => {
          if (skipped[0]) toast.error(t(`wallets:skipReasons.${skipped[0].reason}`));
        },
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  const lastFetch = qr.data?.lastFetch ?? null;
  const isFetching = lastFetch !== null && readHealthCheckStatus(lastFetch.status) === HEALTH_CHECK_STATUS.Checking;
  return (
    <DetailSection
      id="wallet-qr-heading"
      title={t('wallets:detail.qrCode')}
      actions={
        canOperate ? (
          <Button variant="secondary" onClick={fetchAgain} isLoading={run.isPending || isFetching}>
            {t('wallets:qr.fetch')}
          </Button>
        ) : null
      }
    >
      {qr.isError ? <FormError>{apiErrorMessage(qr.error)}</FormError> : null}
      {qr.isPending ? <Spinner /> : null}
      {lastFetch ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {t('wallets:qr.lastFetch')} <HealthStatusBadge status={lastFetch.status} />
          {formatDateTime(lastFetch.finishedAt ?? lastFetch.startedAt)}
          {lastFetch.reason ? ` · ${t(`wallets:reasons.${lastFetch.reason}`)}` : ''}
        </p>
      ) : null}
      {qr.data?.payload ? (
        <div className="flex flex-col items-start gap-2">
          <Suspense fallback={<Spinner />}>
            <QrImage payload={qr.data.payload} label={t('wallets:qr.imageLabel', { number: account.accountNumber })} />
          </Suspense>
          {qr.data.readAt ? (
            <p className="text-xs text-gray-700 dark:text-gray-300">
              {t('wallets:readAt', { when: formatDateTime(qr.data.readAt) })}
            </p>
          ) : null}
          <details className="max-w-full text-xs">
            <summary className="cursor-pointer">{t('wallets:qr.payload')}</summary>
            <code className="break-all">{qr.data.payload}</code>
          </details>
        </div>
      ) : qr.data ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('wallets:qr.none')}</p>
      ) : null}
    </DetailSection>
  );
}
