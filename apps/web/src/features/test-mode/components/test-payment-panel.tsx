import type { DepositView, TestPaymentOutcome } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { simulateTestPayment } from '../api/test-payments-client';

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
  const outcomes = outcomesFor(view.status);
  return (
    <section
      aria-label={t('deposit:test.heading')}
      className="flex flex-col gap-3 rounded-md border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="text-sm">
        <strong className="mr-2 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold tracking-wide text-amber-950">
          {t('deposit:test.badge')}
        </strong>
        {t('deposit:test.banner')}
      </p>
      {outcomes.length > 0 ? (
        <div className="grid grid-cols-2 gap-2">
          {outcomes.map((outcome) => (
            <Button
              key={outcome}
              variant="secondary"
              disabled={isBusy}
              onClick={() => onSimulate(() => simulateTestPayment(view.id, outcome))}
            >
              {t(`deposit:test.outcomes.${outcome}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
