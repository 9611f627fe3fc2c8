import {
  HEALTH_CHECK_STATUS,
  readHealthCheckStatus,
  WALLET_CHECK_TYPES,
  type WalletAccount,
  type WalletCheckRun,
} from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DetailSection } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { HealthStatusBadge } from '../../../components/ui/health-status-badge';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatRelativeTime } from '../../../hooks/use-format-relative-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useWalletChecks } from '../api/get-wallet-checks';
import { useWalletPermissions } from '../hooks/use-wallet-permissions';
import { RunWalletChecksControl } from './run-wallet-checks-control';

/** Spec §3: '{Provider}: Get Balance', 'Transfer Capability', 'Get Transaction History', then the history of runs. */
export function WalletHealthSection({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const formatRelativeTime = useFormatRelativeTime();
  const { canOperate } = useWalletPermissions();
  const history = useWalletChecks(account.id);
  const runs = history.data?.pages.flatMap((page) => page.items) ?? [];
  const provider = t(`common:providers.${account.provider}`);
  const columns: TableColumn<WalletCheckRun>[] = [
    { key: 'type', header: t('wallets:history.type'), cell: (run) => t(`wallets:checkTypes.${run.type}`) },
    { key: 'status', header: t('wallets:history.status'), cell: (run) => <HealthStatusBadge status={run.status} /> },
    { key: 'trigger', header: t('wallets:history.trigger'), cell: (run) => t(`wallets:triggers.${run.trigger}`) },
    { key: 'startedAt', header: t('wallets:history.startedAt'), cell: (run) => formatDateTime(run.startedAt) },
    {
      key: 'reason',
      header: t('wallets:history.reason'),
      cell: (run) =>
        run.reason
          ? `${t(`wallets:reasons.${run.reason}`)}${run.message ? ` (“${run.message}”)` : ''}`
          : t('wallets:none'),
    },
  ];

  return (
    <DetailSection
      id="wallet-health-heading"
      title={t('wallets:detail.healthCheck')}
      actions={canOperate ? <RunWalletChecksControl accountIds={[account.id]} /> : null}
    >
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {WALLET_CHECK_TYPES.map((type) => {
          const check = account.health[type];
          const at = check?.finishedAt ?? check?.startedAt ?? null;
          const hasRun = check && readHealthCheckStatus(check.status) !== HEALTH_CHECK_STATUS.Unknown;
          return (
            <li key={type} className="flex flex-col items-start gap-1">
              <span className="text-sm font-medium">{t(`wallets:checkLabels.${type}`, { provider })}</span>
              <HealthStatusBadge status={hasRun ? check.status : HEALTH_CHECK_STATUS.Unknown} />
              {hasRun && at ? (
                <time dateTime={at} className="text-xs text-gray-700 dark:text-gray-300">
                  {formatRelativeTime(at)}
                  {check.reason ? ` · ${t(`wallets:reasons.${check.reason}`)}` : ''}
                </time>
              ) : null}
            </li>
          );
        })}
      </ul>
      <h3 className="text-base font-semibold">{t('wallets:history.heading')}</h3>
      {history.isError ? (
        <FormError>{apiErrorMessage(history.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={runs}
          getRowKey={(run) => run.id}
          isLoading={history.isPending}
          emptyMessage={t('wallets:history.empty')}
          caption={t('wallets:history.heading')}
        />
      )}
      <LoadMoreButton query={history} />
    </DetailSection>
  );
}
