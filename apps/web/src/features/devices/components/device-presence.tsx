import type { Device } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { useFormatRelativeTime } from '../../../hooks/use-format-relative-time';

export function DevicePresence({ device }: { device: Device }) {
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
