import type { Device } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatRelativeTime } from '../../../hooks/use-format-relative-time';

/**
 * In a dense row: the badge, with when it was last heard from as its tooltip (an absolute time:
 * a table of a thousand rows does not re-render every tick to age it).
 */
function CompactPresence({ device }: { device: Device }) {
  const { t } = useTranslation(['devices']);
  const formatDateTime = useFormatDateTime();
  const lastSeenText = t('devices:presence.lastSeen', {
    when: device.lastSeenAt ? formatDateTime(device.lastSeenAt) : t('devices:never'),
  });
  return (
    <span title={lastSeenText}>
      <Badge tone={device.isOnline ? 'green' : 'gray'}>
        {device.isOnline ? t('devices:presence.online') : t('devices:presence.offline')}
      </Badge>
      <span className="sr-only"> {lastSeenText}</span>
    </span>
  );
}

/** Online or offline, and when it was last heard from (aging live, except in a dense row). */
export function DevicePresence({ device, isCompact = false }: { device: Device; isCompact?: boolean }) {
  return isCompact ? <CompactPresence device={device} /> : <LivePresence device={device} />;
}

function LivePresence({ device }: { device: Device }) {
  const { t } = useTranslation(['devices']);
  const formatRelativeTime = useFormatRelativeTime();
  const lastSeen = device.lastSeenAt ? formatRelativeTime(device.lastSeenAt) : t('devices:never');
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
