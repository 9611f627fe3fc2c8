import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

export function DeviceBusy({ isBusy }: { isBusy: boolean }) {
  const { t } = useTranslation(['devices']);
  return <Badge tone={isBusy ? 'blue' : 'gray'}>{isBusy ? t('devices:busy.busy') : t('devices:busy.idle')}</Badge>;
}
