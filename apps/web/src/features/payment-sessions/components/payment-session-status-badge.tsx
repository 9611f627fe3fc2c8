import type { PaymentSessionStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<PaymentSessionStatus, BadgeTone> = {
  created: 'gray',
  awaiting_payment: 'blue',
  processing: 'amber',
  success: 'green',
  failed: 'red',
  expired: 'purple',
};

export function PaymentSessionStatusBadge({ status }: { status: PaymentSessionStatus }) {
  const { t } = useTranslation(['paymentSessions']);
  return <Badge tone={TONES[status]}>{t(`paymentSessions:statuses.${status}`)}</Badge>;
}
