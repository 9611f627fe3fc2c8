import type { Device } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

export function DeviceStatusBadge({ status }: { status: Device['status'] }) {
  const { t } = useTranslation(['devices']);
  return <Badge tone={status === 'active' ? 'green' : 'red'}>{t(`devices:status.${status}`)}</Badge>;
}
