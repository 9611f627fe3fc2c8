import type { DeviceConnection } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DetailSection } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useDeviceConnections } from '../api/get-device-connections';

export function DeviceConnectionLogSection({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation(['devices']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const connections = useDeviceConnections(deviceId);
  const rows = connections.data?.pages.flatMap((page) => page.items) ?? [];
  const columns: TableColumn<DeviceConnection>[] = [
    {
      key: 'connectedAt',
      header: t('devices:connections.connectedAt'),
      cell: (row) => formatDateTime(row.connectedAt),
    },
    {
      key: 'disconnectedAt',
      header: t('devices:connections.disconnectedAt'),
      cell: (row) =>
        row.disconnectedAt ? formatDateTime(row.disconnectedAt) : t('devices:connections.stillConnected'),
    },
    // The server's reasons are an open list; shown as recorded.
    { key: 'reason', header: t('devices:connections.reason'), cell: (row) => row.reason ?? t('devices:none') },
    {
      key: 'ip',
      header: t('devices:connections.ip'),
      cell: (row) => <span className="break-all">{row.ip ?? t('devices:none')}</span>,
    },
  ];

  return (
    <DetailSection id="device-connections-heading" title={t('devices:detail.connectionLog')}>
      {connections.isError ? (
        <FormError>{apiErrorMessage(connections.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.id}
          isLoading={connections.isPending}
          emptyMessage={t('devices:connections.empty')}
          caption={t('devices:detail.connectionLog')}
        />
      )}
      <LoadMoreButton query={connections} />
    </DetailSection>
  );
}
