import type { PayoutMethodStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<PayoutMethodStatus, BadgeTone> = { verifying: 'amber', verified: 'green', failed: 'red' };

export function PayoutMethodStatusBadge({ status }: { status: PayoutMethodStatus }) {
  const { t } = useTranslation(['withdrawals']);
  return <Badge tone={TONES[status]}>{t(`withdrawals:payoutMethodStatuses.${status}`)}</Badge>;
}
