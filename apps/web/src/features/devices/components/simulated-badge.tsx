import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** The product never presents a phone played by the simulator as a real one. */
export function SimulatedBadge() {
  const { t } = useTranslation(['devices']);
  return <Badge tone="purple">{t('devices:simulated')}</Badge>;
}
