import type { DepositView } from '@gerbang/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Countdown } from '../../../components/ui/countdown';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useParentMessages } from '../../../hooks/use-parent-messages';
import { depositStatusMessage } from '../hooks/deposit-status-message';
import { type DepositProblem, isQrMethod, useDeposit } from '../hooks/use-deposit';
import { DepositSummary } from './deposit-summary';
import { MethodPicker } from './method-picker';
import { PaymentInstructions } from './payment-instructions';

/** Loaded only when a claim can be filed: most customers never need it. */
const CustomerClaimPanel = lazy(() => import('../../payment-claims/components/customer-claim-panel'));
/** Loaded only on a test session's page (test mode). */
const TestPaymentPanel = lazy(() => import('../../test-mode/components/test-payment-panel'));

/** Which spec §8 message each situation shows (docs/deposit-page.md lists them). */
function problemMessageKey(problem: DepositProblem): string {
  switch (problem.kind) {
    case 'missing':
      return 'deposit:messages.missing';
    case 'no-account':
      return isQrMethod(problem.method) ? 'deposit:messages.qrUnavailable' : 'deposit:messages.bankOptionsFailed';
    case 'method-failed':
      return isQrMethod(problem.method) ? 'deposit:messages.qrLoadFailed' : 'deposit:messages.bankOptionsFailed';
    default:
      return 'deposit:messages.unexpected';
  }
}

function Outcome({ view }: { view: DepositView }) {
  const { t } = useTranslation(['deposit']);
  const success = view.status === 'success';
  const key = success ? 'success' : view.status === 'expired' ? 'timeout' : 'paymentFailed';
  return (
    <div className="flex flex-col gap-3">
      <p
        role="status"
        className={`rounded-md p-3 text-sm font-medium ${success ? 'bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100' : 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'}`}
      >
        {t(`deposit:messages.${key}`)}
      </p>
      {view.returnUrl ? (
        <a className="text-sm font-medium underline" href={view.returnUrl} target="_top" rel="noopener">
          {t('deposit:backToMerchant', { merchant: view.merchantName })}
        </a>
      ) : null}
    </div>
  );
}

/**
 * Spec §4 "Customer deposit flow": choose a method → QR or bank details with the time left →
 * 'I Have Transferred' → processing → success, time-out or failed. The server decides every step;
 * the page follows its event stream.
 */
export function DepositFlow({ sessionId }: { sessionId: string | null }) {
  const { t } = useTranslation(['deposit']);
  const { view, problem, isBusy, clockOffsetMs, chooseMethod, confirmTransferred, simulate } = useDeposit(sessionId);
  useParentMessages(view, depositStatusMessage);

  const alert = problem ? <FormError>{t(problemMessageKey(problem))}</FormError> : null;
  if (!view) return alert ?? <Spinner className="size-8" />;

  return (
    <div className="flex flex-col gap-4">
      {view.livemode ? null : (
        <Suspense fallback={null}>
          <TestPaymentPanel view={view} isBusy={isBusy} onSimulate={(run) => void simulate(run)} />
        </Suspense>
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('deposit:payTo', { merchant: view.merchantName })}</p>
      <DepositSummary view={view} />
      {alert}
      {view.status === 'created' ? <MethodPicker view={view} isBusy={isBusy} onChoose={chooseMethod} /> : null}
      {view.status === 'awaiting_payment' && view.instructions ? (
        <>
          <PaymentInstructions view={view} instructions={view.instructions} />
          <Countdown label={t('deposit:labels.remaining')} expiresAt={view.expiresAt} clockOffsetMs={clockOffsetMs} />
          <Button className="w-full" isLoading={isBusy} onClick={() => void confirmTransferred()}>
            {t('deposit:transferred')}
          </Button>
        </>
      ) : null}
      {view.status === 'processing' ? (
        <div className="flex flex-col gap-3">
          <p role="status" className="flex items-center gap-2 text-sm font-medium">
            <Spinner isDecorative /> {t('deposit:processing')}
          </p>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('deposit:processingHint')}</p>
          {view.instructions ? (
            // A customer who pressed too early can still pay: where to, and the time left.
            <details className="rounded-md border border-gray-200 p-3 dark:border-gray-700">
              <summary className="cursor-pointer text-sm font-medium">{t('deposit:showInstructions')}</summary>
              <div className="mt-3 flex flex-col gap-3">
                <PaymentInstructions view={view} instructions={view.instructions} />
                <Countdown
                  label={t('deposit:labels.remaining')}
                  expiresAt={view.expiresAt}
                  clockOffsetMs={clockOffsetMs}
                />
              </div>
            </details>
          ) : null}
        </div>
      ) : null}
      {['success', 'expired', 'failed'].includes(view.status) ? <Outcome view={view} /> : null}
      {/* CLAIMABLE_SESSION_STATUSES (contract), spelled out: the page imports no value of the contract here. */}
      {view.livemode && (view.status === 'processing' || view.status === 'expired' || view.status === 'failed') ? (
        <Suspense fallback={null}>
          <CustomerClaimPanel view={view} />
        </Suspense>
      ) : null}
    </div>
  );
}
