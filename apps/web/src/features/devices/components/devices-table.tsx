import { DEVICE_CHECK_TYPES, type Device } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Table, type TableColumn } from '../../../components/ui/table';
import { DeviceActions } from './device-actions';
import { DeviceBusy } from './device-busy';
import { DeviceCheckStatus } from './device-check-status';
import { DevicePresence } from './device-presence';
import { DeviceStatusBadge } from './device-status-badge';
import { DeviceTelemetry } from './device-telemetry';
import { SimulatedBadge } from './simulated-badge';

type DevicesTableProps = {
  devices: Device[];
  isLoading: boolean;
  /** Present when the user may act on a selection. */
  selection?: { selectedIds: ReadonlySet<string>; onToggle: (id: string) => void };
};

export function DevicesTable({ devices, isLoading, selection }: DevicesTableProps) {
  const { t } = useTranslation(['devices']);
  const selectColumn: TableColumn<Device>[] = selection
    ? [
        {
          key: 'select',
          header: t('devices:list.select'),
          cell: (device) => (
            <input
              type="checkbox"
              className="size-5"
              aria-label={t('devices:list.selectDevice', { name: device.name })}
              checked={selection.selectedIds.has(device.id)}
              onChange={() => selection.onToggle(device.id)}
            />
          ),
        },
      ]
    : [];
  const columns: TableColumn<Device>[] = [
    ...selectColumn,
    {
      key: 'name',
      header: t('devices:fields.name'),
      cell: (device) => (
        <div className="flex items-center gap-1" title={device.label || undefined}>
          <Link
            to={`/device/${device.id}`}
            className="max-w-48 truncate font-medium text-gray-900 underline hover:no-underline dark:text-white"
          >
            {device.name}
          </Link>
          {device.label ? <span className="sr-only">{device.label}</span> : null}
          {device.isSimulated ? <SimulatedBadge /> : null}
          {device.status === 'disabled' ? <DeviceStatusBadge status={device.status} /> : null}
        </div>
      ),
    },
    {
      key: 'presence',
      header: t('devices:fields.presence'),
      cell: (device) => <DevicePresence device={device} isCompact />,
    },
    { key: 'busy', header: t('devices:fields.busy'), cell: (device) => <DeviceBusy isBusy={device.isBusy} /> },
    {
      key: 'telemetry',
      header: t('devices:fields.telemetry'),
      cell: (device) => <DeviceTelemetry telemetry={device.telemetry} isCompact />,
    },
    ...DEVICE_CHECK_TYPES.map(
      (type): TableColumn<Device> => ({
        key: `check-${type}`,
        header: t(`devices:checkTypes.${type}`),
        cell: (device) => <DeviceCheckStatus check={device.health[type]} isCompact />,
      }),
    ),
    {
      key: 'actions',
      header: t('devices:fields.actions'),
      cell: (device) => <DeviceActions device={device} isCompact />,
    },
  ];

  return (
    <Table
      columns={columns}
      rows={devices}
      getRowKey={(device) => device.id}
      isLoading={isLoading}
      emptyMessage={t('devices:list.empty')}
      caption={t('devices:list.caption')}
      density="compact"
    />
  );
}
