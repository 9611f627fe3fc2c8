import type { Telemetry } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';

/** Battery, charging, network, signal and IP in a compact list (a table cell or a section). */
export function DeviceTelemetry({
  telemetry,
  isCompact = false,
}: {
  telemetry: Telemetry | null;
  isCompact?: boolean;
}) {
  const { t } = useTranslation(['devices']);
  if (!telemetry) return <span className="text-gray-700 dark:text-gray-300">{t('devices:telemetry.none')}</span>;
  const items = [
    {
      key: 'battery',
      label: t('devices:telemetry.battery'),
      value: `${telemetry.battery}%${telemetry.isCharging ? ` (${t('devices:telemetry.charging')})` : ''}`,
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
  ];
  if (isCompact) {
    // One line in a dense row: battery and network; everything in the tooltip (and on the detail page).
    const full = items.map((item) => `${item.label}: ${item.value}`).join(' · ');
    return (
      <span className="text-xs" title={full}>
        <span aria-hidden="true">
          {items[0]?.value} · {items[1]?.value}
        </span>
        <span className="sr-only">{full}</span>
      </span>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
      {items.map((item) => (
        <div key={item.key} className="contents">
          <dt className="text-gray-700 dark:text-gray-300">{item.label}</dt>
          <dd className="break-all whitespace-nowrap">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
