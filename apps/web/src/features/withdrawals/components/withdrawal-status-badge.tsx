import type { WithdrawalStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<WithdrawalStatus, BadgeTone> = {
  awaiting_destination: 'blue',
  verifying: 'gray',
  name_review: 'amber',
  awaiting_confirmation: 'blue',
  confirmed: 'amber',
  pending_approval: 'amber',
  approved: 'blue',
  processing: 'amber',
  uncertain: 'purple',
  success: 'green',
  failed: 'red',
  rejected: 'red',
  cancelled: 'gray',
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation(['withdrawals']);
  return <Badge tone={TONES[status]}>{t(`withdrawals:statuses.${status}`)}</Badge>;
}
