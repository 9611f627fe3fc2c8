import type { Device } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DetailList, DetailSection } from '../../../components/ui/detail-section';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';

export function DeviceTelemetrySection({ device }: { device: Device }) {
  const { t } = useTranslation(['devices']);
  const formatDateTime = useFormatDateTime();
  const { telemetry } = device;
  const connectedAt = device.connectedAt ? formatDateTime(device.connectedAt) : t('devices:never');
  const lastSeenAt = device.lastSeenAt ? formatDateTime(device.lastSeenAt) : t('devices:never');
  const rows = telemetry
    ? [
        { key: 'battery', label: t('devices:telemetry.battery'), value: `${telemetry.battery}%` },
        {
          key: 'charging',
          label: t('devices:telemetry.chargingLabel'),
          value: telemetry.isCharging ? t('devices:telemetry.chargingYes') : t('devices:telemetry.chargingNo'),
        },
        {
          key: 'network',
          label: t('devices:telemetry.network'),
          value: t(`devices:networkTypes.${telemetry.networkType}`),
        },
        {
          key: 'signal',
          label: t('devices:telemetry.signal'),
          value: t('devices:telemetry.signalBars', { bars: telemetry.signal }),
        },
        { key: 'ip', label: t('devices:telemetry.ip'), value: telemetry.ip ?? t('devices:telemetry.noIp') },
      ]
    : [];
  return (
    <DetailSection id="device-telemetry-heading" title={t('devices:detail.telemetry')}>
      {telemetry ? null : <p className="text-sm">{t('devices:telemetry.none')}</p>}
      <DetailList
        rows={[
          ...rows,
          { key: 'connectedAt', label: t('devices:fields.connectedAt'), value: connectedAt },
          { key: 'lastSeenAt', label: t('devices:fields.lastSeenAt'), value: lastSeenAt },
        ]}
      />
    </DetailSection>
  );
}
