import { DEVICE_CHECK_TYPES, type Device } from '@gerbang/contract';
import { useMemo } from 'react';
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
  const selectedIds = selection?.selectedIds;
  const onToggle = selection?.onToggle;
  // Stable unless what they show changes: rows re-render only when their device does.
  const columns = useMemo((): TableColumn<Device>[] => {
    const selectColumn: TableColumn<Device>[] =
      selectedIds && onToggle
        ? [
            {
              key: 'select',
              width: 'w-12',
              header: t('devices:list.select'),
              cell: (device) => (
                <input
                  type="checkbox"
                  className="size-5"
                  aria-label={t('devices:list.selectDevice', { name: device.name })}
                  checked={selectedIds.has(device.id)}
                  onChange={() => onToggle(device.id)}
                />
              ),
            },
          ]
        : [];
    return [
      ...selectColumn,
      {
        key: 'name',
        width: 'w-44',
        header: t('devices:fields.name'),
        cell: (device) => (
          <div className="flex items-center gap-1" title={device.label || undefined}>
            <Link
              to={`/device/${device.id}`}
              title={device.name}
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
        width: 'w-24',
        header: t('devices:fields.presence'),
        cell: (device) => <DevicePresence device={device} isCompact />,
      },
      {
        key: 'busy',
        width: 'w-20',
        header: t('devices:fields.busy'),
        cell: (device) => <DeviceBusy isBusy={device.isBusy} />,
      },
      {
        key: 'telemetry',
        width: 'w-32',
        header: t('devices:fields.telemetry'),
        cell: (device) => <DeviceTelemetry telemetry={device.telemetry} isCompact />,
      },
      ...DEVICE_CHECK_TYPES.map(
        (type): TableColumn<Device> => ({
          key: `check-${type}`,
          width: 'w-24',
          header: t(`devices:checkTypes.${type}`),
          cell: (device) => <DeviceCheckStatus check={device.health[type]} isCompact />,
        }),
      ),
      {
        key: 'actions',
        width: 'w-20',
        header: t('devices:fields.actions'),
        cell: (device) => <DeviceActions device={device} isCompact />,
      },
    ];
  }, [t, selectedIds, onToggle]);

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
