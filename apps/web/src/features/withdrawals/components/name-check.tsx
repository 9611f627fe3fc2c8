import type { PayoutNameCheck } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** How well the holder's name the merchant gave matches the bank's, in words and a score. */
export function NameCheck({ check }: { check: PayoutNameCheck }) {
  const { t } = useTranslation(['withdrawals']);
  if (!check) return <>{t('withdrawals:nameCheck.none')}</>;
  return (
    <Badge tone={check.matches ? 'green' : 'amber'}>
      {t(check.matches ? 'withdrawals:nameCheck.matches' : 'withdrawals:nameCheck.differs', { score: check.score })}
    </Badge>
  );
}
