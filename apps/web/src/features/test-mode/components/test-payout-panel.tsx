import { testPayoutOutcomesFor, type WithdrawView } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { simulateTestPayout } from '../api/test-payouts-client';
import { TestModePanel } from './test-mode-panel';

/**
 * A test withdrawal's page (test mode): a TEST banner, and, once the customer confirmed it,
 * buttons that make the test provider end its transfer as a provider would. Loaded only for
 * test withdrawals.
 */
export default function TestPayoutPanel({
  view,
  isBusy,
  onSimulate,
}: {
  view: WithdrawView;
  isBusy: boolean;
  onSimulate(run: (id: string) => Promise<WithdrawView>): void;
}) {
  const { t } = useTranslation(['withdraw']);
  return (
    <TestModePanel
      heading={t('withdraw:test.heading')}
      badge={t('withdraw:test.badge')}
      banner={t('withdraw:test.banner')}
      isBusy={isBusy}
      outcomes={testPayoutOutcomesFor(view.status).map((outcome) => ({
        key: outcome,
        label: t(`withdraw:test.outcomes.${outcome}`),
        onClick: () => onSimulate((id) => simulateTestPayout(id, outcome)),
      }))}
    />
  );
}
