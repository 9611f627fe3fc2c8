import { DEVICE_CHECK_TYPES, type Device, type HealthCheckRun } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DetailSection } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { HealthStatusBadge } from '../../../components/ui/health-status-badge';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useDeviceHealthChecks } from '../api/get-device-health-checks';
import { DeviceCheckStatus } from './device-check-status';

/** Current status of each device-level check, then the history of runs, newest first. */
export function DeviceHealthSection({ device }: { device: Device }) {
  const { t } = useTranslation(['devices']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const history = useDeviceHealthChecks(device.id);
  const runs = history.data?.pages.flatMap((page) => page.items) ?? [];
  const columns: TableColumn<HealthCheckRun>[] = [
    { key: 'type', header: t('devices:history.type'), cell: (run) => t(`devices:checkTypes.${run.type}`) },
    { key: 'status', header: t('devices:history.status'), cell: (run) => <HealthStatusBadge status={run.status} /> },
    { key: 'trigger', header: t('devices:history.trigger'), cell: (run) => t(`devices:triggers.${run.trigger}`) },
    { key: 'startedAt', header: t('devices:history.startedAt'), cell: (run) => formatDateTime(run.startedAt) },
    {
      key: 'finishedAt',
      header: t('devices:history.finishedAt'),
      cell: (run) => (run.finishedAt ? formatDateTime(run.finishedAt) : t('devices:none')),
    },
    {
      key: 'reason',
      header: t('devices:history.reason'),
      cell: (run) => (run.reason ? t(`devices:reasons.${run.reason}`) : t('devices:none')),
    },
  ];

  return (
    <DetailSection id="device-health-heading" title={t('devices:detail.healthCheck')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {DEVICE_CHECK_TYPES.map((type) => (
          <li key={type} className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t(`devices:checkTypes.${type}`)}</span>
            <DeviceCheckStatus check={device.health[type]} />
          </li>
        ))}
      </ul>
      <h3 className="text-base font-semibold">{t('devices:history.heading')}</h3>
      {history.isError ? (
        <FormError>{apiErrorMessage(history.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={runs}
          getRowKey={(run) => run.id}
          isLoading={history.isPending}
          emptyMessage={t('devices:history.empty')}
          caption={t('devices:history.heading')}
        />
      )}
      <LoadMoreButton query={history} />
    </DetailSection>
  );
}
