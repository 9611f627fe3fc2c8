import type { Device } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { useFormatRelativeTime } from '../../../hooks/use-format-relative-time';

/** Online or offline, and when it was last heard from (in a compact row: as the badge's tooltip). */
export function DevicePresence({ device, isCompact = false }: { device: Device; isCompact?: boolean }) {
  const { t } = useTranslation(['devices']);
  const formatRelativeTime = useFormatRelativeTime();
  const lastSeen = device.lastSeenAt ? formatRelativeTime(device.lastSeenAt) : t('devices:never');
  const lastSeenText = t('devices:presence.lastSeen', { when: lastSeen });
  if (isCompact) {
    return (
      <span title={lastSeenText}>
        <Badge tone={device.isOnline ? 'green' : 'gray'}>
          {device.isOnline ? t('devices:presence.online') : t('devices:presence.offline')}
        </Badge>
        <span className="sr-only"> {lastSeenText}</span>
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={device.isOnline ? 'green' : 'gray'}>
        {device.isOnline ? t('devices:presence.online') : t('devices:presence.offline')}
      </Badge>
      <span className="text-xs text-gray-700 dark:text-gray-300">
        {t('devices:presence.lastSeen', { when: lastSeen })}
      </span>
    </div>
  );
}
