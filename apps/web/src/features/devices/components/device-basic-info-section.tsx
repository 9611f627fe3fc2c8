import type { Device } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DetailList, type DetailRow, DetailSection } from '../../../components/ui/detail-section';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { DeviceActions } from './device-actions';
import { DeviceBusy } from './device-busy';
import { DevicePresence } from './device-presence';
import { DeviceReadiness } from './device-readiness';
import { DeviceStatusBadge } from './device-status-badge';

export function DeviceBasicInfoSection({ device }: { device: Device }) {
  const { t } = useTranslation(['devices']);
  const formatDateTime = useFormatDateTime();
  const none = t('devices:none');
  const appVersions = Object.entries(device.appVersions);
  const rows: DetailRow[] = [
    { key: 'name', label: t('devices:fields.name'), value: device.name },
    { key: 'label', label: t('devices:fields.label'), value: device.label || none },
    {
      key: 'notes',
      label: t('devices:fields.notes'),
      value: device.notes ? <span className="whitespace-pre-wrap">{device.notes}</span> : none,
    },
    {
      key: 'simulated',
      label: t('devices:fields.simulated'),
      value: device.isSimulated ? t('devices:simulatedYes') : t('devices:simulatedNo'),
    },
    { key: 'status', label: t('devices:fields.status'), value: <DeviceStatusBadge status={device.status} /> },
    { key: 'presence', label: t('devices:fields.presence'), value: <DevicePresence device={device} /> },
    { key: 'busy', label: t('devices:fields.busy'), value: <DeviceBusy isBusy={device.isBusy} /> },
    {
      key: 'ready',
      label: t('devices:fields.ready'),
      value: <DeviceReadiness device={device} />,
    },
    {
      key: 'protocol',
      label: t('devices:fields.protocolVersion'),
      value: device.protocolVersion === null ? none : String(device.protocolVersion),
    },
    {
      key: 'appVersions',
      label: t('devices:fields.appVersions'),
      value:
        appVersions.length === 0 ? (
          none
        ) : (
          <ul>
            {appVersions.map(([app, version]) => (
              <li key={app}>
                {app}: {version}
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'capabilities',
      label: t('devices:fields.capabilities'),
      value:
        device.capabilities.length === 0
          ? none
          : device.capabilities.map((type) => t(`devices:checkTypes.${type}`)).join(', '),
    },
    { key: 'registered', label: t('devices:fields.registeredAt'), value: formatDateTime(device.createdAt) },
    { key: 'rotated', label: t('devices:fields.tokenRotatedAt'), value: formatDateTime(device.tokenRotatedAt) },
  ];

  return (
    <DetailSection
      id="device-basic-info-heading"
      title={t('devices:detail.basicInfo')}
      actions={<DeviceActions device={device} />}
    >
      <DetailList rows={rows} />
    </DetailSection>
  );
}
