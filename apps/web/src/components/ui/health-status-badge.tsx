import { HEALTH_CHECK_STATUS, type HealthCheckStatus, readHealthCheckStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from './badge';

const STATUS_VIEW: Record<HealthCheckStatus, { key: string; tone: BadgeTone }> = {
  [HEALTH_CHECK_STATUS.Unknown]: { key: 'unknown', tone: 'gray' },
  [HEALTH_CHECK_STATUS.OK]: { key: 'ok', tone: 'green' },
  [HEALTH_CHECK_STATUS.Failed]: { key: 'failed', tone: 'red' },
  [HEALTH_CHECK_STATUS.Checking]: { key: 'checking', tone: 'amber' },
};

/** Spec §4: 0 Unknown, 1 OK, 3 Checking, 2 or anything else Failed. */
export function HealthStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation(['common']);
  const view = STATUS_VIEW[readHealthCheckStatus(status)];
  return <Badge tone={view.tone}>{t(`common:healthStatus.${view.key}`)}</Badge>;
}
