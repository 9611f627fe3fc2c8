import type { WithdrawView } from '@gerbang/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Countdown } from '../../../components/ui/countdown';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { SummaryList } from '../../../components/ui/summary-list';
import { useCountdown } from '../../../hooks/use-countdown';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useParentMessages } from '../../../hooks/use-parent-messages';
import { useWithdraw, type WithdrawProblem } from '../hooks/use-withdraw';
import { withdrawStatusMessage } from '../hooks/withdraw-status-message';

// Only a refund's customer who must name their account needs the form: loaded then.
const DestinationStep = lazy(() => import('./destination-step'));
// Only a test withdrawal (test mode) shows the test provider's panel: loaded then.
const TestPayoutPanel = lazy(() => import('../../test-mode/components/test-payout-panel'));

const PROBLEM_KEYS: Record<WithdrawProblem['kind'], string> = {
  missing: 'withdraw:messages.missing',
  'confirm-failed': 'withdraw:messages.confirmFailed',
  'cancel-failed': 'withdraw:messages.cancelFailed',
  'verify-failed': 'withdraw:messages.verificationError',
  'destination-failed': 'withdraw:messages.unexpected',
  unexpected: 'withdraw:messages.unexpected',
};

/** What the customer is told of a failure, by its reason (any other: the spec's generic message). */
const FAILURE_KEYS: Record<string, string> = {
  account_not_found: 'withdraw:messages.verificationError',
  name_mismatch: 'withdraw:messages.nameMismatch',
};

function Summary({ view }: { view: WithdrawView }) {
  const { t } = useTranslation(['withdraw']);
  const money = useFormatMoney();
  const rows: [string, string][] = [
    [t('withdraw:labels.referenceNumber'), view.referenceNumber],
    [t('withdraw:labels.amount'), money(view.amount, view.currency)],
  ];
  // A refund's customer has not named the account yet: there is none to show.
  if (view.status !== 'awaiting_destination') {
    rows.push(
      [t('withdraw:labels.bankName'), view.destination.providerName],
      [t('withdraw:labels.accountNumber'), view.destination.accountNumber],
    );
  }
  if (view.destination.holderName) rows.push([t('withdraw:labels.holderName'), view.destination.holderName]);
  return <SummaryList rows={rows} />;
}

/** The confirmation step: the verified holder, the time left (by the server's clock), confirm or cancel. */
function ConfirmStep({
  view,
  clockOffsetMs,
  isBusy,
  onConfirm,
  onExpired,
}: {
  view: WithdrawView;
  clockOffsetMs: number;
  isBusy: boolean;
  onConfirm: () => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation(['withdraw']);
  const deadline = view.confirmDeadlineAt as string;
  const seconds = useCountdown(deadline, clockOffsetMs);
  useEffect(() => {
    if (seconds === 0) onExpired();
  }, [seconds, onExpired]);
  return (
    <>
      <p
        role="status"
        className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-900 dark:bg-green-950 dark:text-green-100"
      >
        {t('withdraw:verified')}
      </p>
      <Countdown label={t('withdraw:labels.confirmWithin')} expiresAt={deadline} clockOffsetMs={clockOffsetMs} />
      <Button className="w-full" isLoading={isBusy} onClick={onConfirm}>
        {t('withdraw:confirm')}
      </Button>
    </>
  );
}

/**
 * Spec §4 "Customer withdraw flow": bank verification in progress → verification successful with the
 * holder's details → confirm within the time limit → processing → success, failed or cancelled.
 * Either timeout sends the customer back to verify again; cancelling asks first.
 */
export function WithdrawFlow({ withdrawalId }: { withdrawalId: string | null }) {
  const { t } = useTranslation(['withdraw']);
  const { view, problem, isBusy, clockOffsetMs, reload, verify, confirm, cancel, nameDestination, simulate } =
    useWithdraw(withdrawalId);
  const [isAskingCancel, setAskingCancel] = useState(false);
  useParentMessages(view, withdrawStatusMessage);

  const alert = problem ? <FormError>{t(PROBLEM_KEYS[problem.kind])}</FormError> : null;
  if (!view) return alert ?? <Spinner className="size-8" label={t('withdraw:loading')} />;

  const canCancel =
    view.status === 'awaiting_destination' ||
    view.status === 'verifying' ||
    view.status === 'name_review' ||
    view.status === 'awaiting_confirmation';
  const onCancel = async () => {
    setAskingCancel(false);
    // The page then says so ('Withdrawal cancelled successfully.'), in the status below.
    await cancel();
  };

  return (
    <div className="flex flex-col gap-4">
      {view.livemode ? null : (
        <Suspense fallback={null}>
          <TestPayoutPanel view={view} isBusy={isBusy} onSimulate={(run) => void simulate(run)} />
        </Suspense>
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('withdraw:from', { merchant: view.merchantName })}</p>
      <Summary view={view} />
      {alert}
      {view.status === 'awaiting_destination' ? (
        <Suspense fallback={<Spinner className="size-6" label={t('withdraw:loading')} />}>
          <DestinationStep view={view} isBusy={isBusy} onSubmit={nameDestination} />
        </Suspense>
      ) : null}
      {view.status === 'verifying' && view.lastError ? (
        <>
          <FormError>
            {t(
              view.lastError === 'verification_timeout'
                ? 'withdraw:messages.verificationTimeout'
                : 'withdraw:messages.confirmationTimeout',
            )}
          </FormError>
          <Button className="w-full" isLoading={isBusy} onClick={() => void verify()}>
            {t('withdraw:verifyAgain')}
          </Button>
        </>
      ) : null}
      {view.status === 'verifying' && !view.lastError ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <Spinner isDecorative /> {t('withdraw:verifying')}
        </p>
      ) : null}
      {view.status === 'name_review' ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <Spinner isDecorative /> {t('withdraw:nameReview')}
        </p>
      ) : null}
      {view.status === 'awaiting_confirmation' && view.confirmDeadlineAt ? (
        <ConfirmStep
          view={view}
          clockOffsetMs={clockOffsetMs}
          isBusy={isBusy}
          onConfirm={() => void confirm()}
          onExpired={() => void reload()}
        />
      ) : null}
      {view.status === 'processing' || view.status === 'uncertain' ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <Spinner isDecorative /> {t('withdraw:processing')}
        </p>
      ) : null}
      {view.status === 'success' ? (
        <p
          role="status"
          className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {t('withdraw:messages.success')}
        </p>
      ) : null}
      {view.status === 'failed' ? (
        <FormError>
          {t(FAILURE_KEYS[view.failureReason ?? ''] ?? 'withdraw:messages.failed', { merchant: view.merchantName })}
        </FormError>
      ) : null}
      {view.status === 'cancelled' ? (
        <p role="status" className="rounded-md bg-gray-100 p-3 text-sm font-medium dark:bg-gray-800">
          {t('withdraw:messages.cancelled')}
        </p>
      ) : null}
      {canCancel && !isAskingCancel ? (
        <Button variant="secondary" className="w-full" disabled={isBusy} onClick={() => setAskingCancel(true)}>
          {t('withdraw:cancel')}
        </Button>
      ) : null}
      {canCancel && isAskingCancel ? (
        <div
          role="alertdialog"
          aria-labelledby="withdraw-cancel-prompt"
          className="flex flex-col gap-3 rounded-md border border-gray-200 p-3 dark:border-gray-700"
        >
          <p id="withdraw-cancel-prompt" className="text-sm">
            {t('withdraw:cancelPrompt', { action: t('withdraw:action') })}
          </p>
          <div className="flex gap-2">
            <Button className="flex-1" variant="secondary" onClick={() => setAskingCancel(false)}>
              {t('withdraw:noKeep')}
            </Button>
            <Button className="flex-1" isLoading={isBusy} onClick={() => void onCancel()}>
              {t('withdraw:yesCancel')}
            </Button>
          </div>
        </div>
      ) : null}
      {['success', 'failed', 'cancelled'].includes(view.status) ? (
        view.returnUrl ? (
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => window.top?.location.assign(view.returnUrl ?? '')}
          >
            {t('withdraw:startNew')}
          </Button>
        ) : (
          // A withdrawal is opened by the merchant: with no page of its to return to, say where to go.
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t('withdraw:startNewAtMerchant', { merchant: view.merchantName })}
          </p>
        )
      ) : null}
    </div>
  );
}
