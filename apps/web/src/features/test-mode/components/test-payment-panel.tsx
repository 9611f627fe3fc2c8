import type { DepositView, TestPaymentOutcome } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { simulateTestPayment } from '../api/test-payments-client';
import { TestModePanel } from './test-mode-panel';

/** Which outcomes the test provider can give a session in this state (server: test-payments.ts). */
function outcomesFor(status: DepositView['status']): TestPaymentOutcome[] {
  if (status === 'awaiting_payment') return ['paid', 'paid_late', 'wrong_amount', 'failed'];
  if (status === 'processing') return ['paid', 'wrong_amount', 'failed'];
  return [];
}

/**
 * A test session's page (test mode): a TEST banner, and buttons that make the test provider pay
 * (or not) as a customer and a provider would. Loaded only for test sessions.
 */
export default function TestPaymentPanel({
  view,
  isBusy,
  onSimulate,
}: {
  view: DepositView;
  isBusy: boolean;
  onSimulate(run: () => Promise<DepositView>): void;
}) {
  const { t } = useTranslation(['deposit']);
  return (
    <TestModePanel
      heading={t('deposit:test.heading')}
      badge={t('deposit:test.badge')}
      banner={t('deposit:test.banner')}
      isBusy={isBusy}
      outcomes={outcomesFor(view.status).map((outcome) => ({
        key: outcome,
        label: t(`deposit:test.outcomes.${outcome}`),
        onClick: () => onSimulate(() => simulateTestPayment(view.id, outcome)),
      }))}
    />
  );
}
