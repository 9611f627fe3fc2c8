import type { TestPayoutOutcome, WithdrawView } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { simulateTestPayout } from '../api/test-payouts-client';
import { TestModePanel } from './test-mode-panel';

/** Which outcomes the test provider can give a withdrawal in this state (server: test-payouts.ts). */
function outcomesFor(status: WithdrawView['status']): TestPayoutOutcome[] {
  if (status === 'processing') return ['paid', 'paid_late', 'uncertain', 'failed'];
  if (status === 'uncertain') return ['paid', 'failed'];
  return [];
}

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
      outcomes={outcomesFor(view.status).map((outcome) => ({
        key: outcome,
        label: t(`withdraw:test.outcomes.${outcome}`),
        onClick: () => onSimulate((id) => simulateTestPayout(id, outcome)),
      }))}
    />
  );
}
