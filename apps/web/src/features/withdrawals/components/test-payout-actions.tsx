import { ROLE, testPayoutOutcomesFor, type WithdrawalDetail } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { TestModePanel } from '../../test-mode/components/test-mode-panel';
import { useWithdrawalAction } from '../api/withdrawals';

/**
 * A test withdrawal's detail in the merchant console (test mode): the test provider's buttons, so
 * a merchant ends its test settlements and payouts without the API. Operators never act on one.
 */
export function TestPayoutActions({ withdrawal }: { withdrawal: WithdrawalDetail }) {
  const { t } = useTranslation(['withdrawals']);
  const { user } = useSession();
  const act = useWithdrawalAction();
  const apiErrorMessage = useApiErrorMessage();
  if (withdrawal.livemode || user?.roleId !== ROLE.Merchant) return null;
  return (
    <TestModePanel
      heading={t('withdrawals:test.heading')}
      badge={t('withdrawals:test.badge')}
      banner={t('withdrawals:test.banner')}
      isBusy={act.isPending}
      outcomes={testPayoutOutcomesFor(withdrawal.status).map((outcome) => ({
        key: outcome,
        label: t(`withdrawals:test.outcomes.${outcome}`),
        onClick: () =>
          act.mutate(
            { id: withdrawal.id, action: { kind: 'simulate', outcome } },
            { onError: (error) => toast.error(apiErrorMessage(error)) },
          ),
      }))}
    />
  );
}
