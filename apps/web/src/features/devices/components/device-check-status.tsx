import { type DeviceHealth, HEALTH_CHECK_STATUS, readHealthCheckStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { HealthStatusBadge } from '../../../components/ui/health-status-badge';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatRelativeTime } from '../../../hooks/use-format-relative-time';

type Check = DeviceHealth[keyof DeviceHealth];
type RanCheck = NonNullable<Check>;

/** One device-level check: its status in words and when it last started or finished. */
export function DeviceCheckStatus({ check, isCompact = false }: { check: Check | undefined; isCompact?: boolean }) {
  // A check that never ran has no time worth showing.
  if (!check || readHealthCheckStatus(check.status) === HEALTH_CHECK_STATUS.Unknown) {
    return <HealthStatusBadge status={HEALTH_CHECK_STATUS.Unknown} />;
  }
  return isCompact ? <CompactCheck check={check} /> : <LiveCheck check={check} />;
}

function useWhenText(check: RanCheck, format: (iso: string) => string): string {
  const { t } = useTranslation(['devices']);
  const at = check.finishedAt ?? check.startedAt;
  return check.finishedAt
    ? t('devices:checks.finishedAt', { when: format(at) })
    : t('devices:checks.startedAt', { when: format(at) });
}

/** In a dense row: the badge, the time as its tooltip (absolute: no per-row clock). */
function CompactCheck({ check }: { check: RanCheck }) {
  const when = useWhenText(check, useFormatDateTime());
  return (
    <span title={when}>
      <HealthStatusBadge status={check.status} />
      <span className="sr-only"> {when}</span>
    </span>
  );
}

function LiveCheck({ check }: { check: RanCheck }) {
  const when = useWhenText(check, useFormatRelativeTime());
  return (
    <div className="flex flex-col items-start gap-1">
      <HealthStatusBadge status={check.status} />
      <time
        dateTime={check.finishedAt ?? check.startedAt}
        className="text-xs whitespace-nowrap text-gray-700 dark:text-gray-300"
      >
        {when}
      </time>
    </div>
  );
}
