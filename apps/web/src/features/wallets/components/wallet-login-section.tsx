import {
  WALLET_LOGIN_STEP_KEYS,
  WALLET_OTP_MAX_LENGTH,
  type WalletAccount,
  type WalletLoginFlow,
  type WalletLoginStep,
  walletOtpSchema,
} from '@gerbang/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { DetailSection } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useWalletLogin, useWalletLoginAction } from '../api/wallet-login';
import { useWalletPermissions } from '../hooks/use-wallet-permissions';
import { WalletLoginBadge } from './wallet-badges';

const STEP_TONE: Record<WalletLoginFlow['steps'][number]['status'], BadgeTone> = {
  pending: 'gray',
  running: 'amber',
  done: 'green',
  failed: 'red',
};

/** Spec §2 login steps 0–4, live; the OTP is typed in the confirmation dialog's input. */
export function WalletLoginSection({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const confirm = useConfirm();
  const { user } = useSession();
  const { canOperate } = useWalletPermissions();
  const login = useWalletLogin(account.id);
  const act = useWalletLoginAction();
  const flow = login.data ?? null;
  const promptedFlowRef = useRef<string | null>(null);

  const onError = (error: unknown) => toast.error(apiErrorMessage(error));
  const start = (fromStep: WalletLoginStep) => act.mutate({ id: account.id, action: 'start', fromStep }, { onError });
  const cancel = () => act.mutate({ id: account.id, action: 'cancel' }, { onError });

  const askForOtp = async () => {
    const answer = await confirm({
      title: t('wallets:login.otpTitle'),
      message: t('wallets:login.otpMessage', { number: account.accountNumber }),
      inputLabel: t('wallets:login.otpLabel'),
      inputMaxLength: WALLET_OTP_MAX_LENGTH,
      inputType: 'text',
      isRequiredInput: true,
      confirmText: t('wallets:login.verify'),
    });
    if (typeof answer !== 'string') return;
    const otp = walletOtpSchema.safeParse(answer);
    if (!otp.success) {
      toast.error(t('wallets:login.otpInvalid'));
      return;
    }
    act.mutate({ id: account.id, action: 'otp', otp: otp.data }, { onError });
  };

  // The operator who started this login is asked for the code as soon as the phone received it.
  const isAwaitingOtp = flow?.status === 'awaiting_otp';
  const startedHere = flow?.startedByUserId === user?.id;
  useEffect(() => {
    if (!flow || !isAwaitingOtp || !startedHere || !canOperate || promptedFlowRef.current === flow.id) return;
    promptedFlowRef.current = flow.id;
    void askForOtp();
  });

  const isActive = flow?.status === 'running' || flow?.status === 'awaiting_otp';
  const canResume = flow && (flow.status === 'failed' || flow.status === 'cancelled') && flow.failedStep !== null;
  return (
    <DetailSection
      id="wallet-login-heading"
      title={t('wallets:detail.loginStatus')}
      actions={<WalletLoginBadge status={account.loginStatus} />}
    >
      {login.isError ? <FormError>{apiErrorMessage(login.error)}</FormError> : null}
      {flow ? (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t(`wallets:login.flowStatus.${flow.status}`)}
            {flow.reason ? ` · ${t(`wallets:reasons.${flow.reason}`)}` : ''}
            {flow.startedByName
              ? ` · ${t('wallets:login.startedBy', { name: flow.startedByName, when: formatDateTime(flow.startedAt) })}`
              : ''}
          </p>
          <ol className="flex flex-col gap-2" aria-live="polite">
            {flow.steps.map((step) => (
              <li key={step.step} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-6 text-right font-mono">{step.step}</span>
                <span className="min-w-48 font-medium">
                  {t(`wallets:login.steps.${WALLET_LOGIN_STEP_KEYS[step.step]}`)}
                </span>
                <Badge tone={STEP_TONE[step.status]}>{t(`wallets:login.stepStatus.${step.status}`)}</Badge>
                {step.reason ? (
                  <span className="text-red-800 dark:text-red-300">{t(`wallets:reasons.${step.reason}`)}</span>
                ) : null}
                {step.message ? <span className="text-gray-700 dark:text-gray-300">“{step.message}”</span> : null}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('wallets:login.never')}</p>
      )}
      {canOperate ? (
        <div className="flex flex-wrap gap-2">
          {isAwaitingOtp ? (
            <Button variant="primary" onClick={() => void askForOtp()} isLoading={act.isPending}>
              {t('wallets:login.enterOtp')}
            </Button>
          ) : null}
          {!isActive ? (
            <Button variant={canResume ? 'secondary' : 'primary'} onClick={() => start(0)} isLoading={act.isPending}>
              {flow ? t('wallets:login.startOver') : t('wallets:login.start')}
            </Button>
          ) : null}
          {canResume && flow.failedStep !== null ? (
            <Button
              variant="primary"
              onClick={() => start(flow.failedStep as WalletLoginStep)}
              isLoading={act.isPending}
            >
              {t('wallets:login.retryFrom', {
                step: t(`wallets:login.steps.${WALLET_LOGIN_STEP_KEYS[flow.failedStep]}`),
              })}
            </Button>
          ) : null}
          {isActive ? (
            <Button variant="danger" onClick={cancel} isLoading={act.isPending}>
              {t('wallets:login.cancel')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </DetailSection>
  );
}
