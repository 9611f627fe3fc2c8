import { type DeviceHealth, HEALTH_CHECK_STATUS, readHealthCheckStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { HealthStatusBadge } from '../../../components/ui/health-status-badge';
import { useFormatRelativeTime } from '../../../hooks/use-format-relative-time';

type Check = DeviceHealth[keyof DeviceHealth];

/** One device-level check: its status in words and when it last started or finished. */
export function DeviceCheckStatus({ check, isCompact = false }: { check: Check | undefined; isCompact?: boolean }) {
  const { t } = useTranslation(['devices']);
  const formatRelativeTime = useFormatRelativeTime();
  // A check that never ran has no time worth showing.
  if (!check || readHealthCheckStatus(check.status) === HEALTH_CHECK_STATUS.Unknown) {
    return <HealthStatusBadge status={HEALTH_CHECK_STATUS.Unknown} />;
  }
  const at = check.finishedAt ?? check.startedAt;
  const when = check.finishedAt
    ? t('devices:checks.finishedAt', { when: formatRelativeTime(at) })
    : t('devices:checks.startedAt', { when: formatRelativeTime(at) });
  if (isCompact) {
    return (
      <span title={when}>
        <HealthStatusBadge status={check.status} />
        <span className="sr-only"> {when}</span>
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <HealthStatusBadge status={check.status} />
      <time dateTime={at} className="text-xs whitespace-nowrap text-gray-700 dark:text-gray-300">
        {when}
      </time>
    </div>
  );
}
