import { RUNNABLE_WALLET_CHECKS, type RunnableWalletCheck } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useRunWalletChecks } from '../api/run-wallet-checks';

type RunWalletChecksControlProps = { accountIds: string[]; onStarted?: () => void };

/** Picks a check and runs it on the given accounts; says how many started and why others did not. */
export function RunWalletChecksControl({ accountIds, onStarted }: RunWalletChecksControlProps) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const run = useRunWalletChecks();
  const [type, setType] = useState<RunnableWalletCheck>('wallet');
  const onRun = () =>
    run.mutate(
      { accountIds, type },
      {
        onSuccess: ({ started, skipped }) => {
          const reasons = [...new Set(skipped.map((s) => t(`wallets:skipReasons.${s.reason}`)))].join(', ');
          toast.success(
            skipped.length > 0
              ? t('wallets:checks.startedSome', { started: started.length, skipped: skipped.length, reasons })
              : t('wallets:checks.started', { count: started.length }),
          );
          onStarted?.();
        },
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        label={t('wallets:checks.type')}
        name="walletCheckType"
        options={RUNNABLE_WALLET_CHECKS.map((value) => ({ value, label: t(`wallets:checkTypes.${value}`) }))}
        value={type}
        onChange={(event) => setType(RUNNABLE_WALLET_CHECKS.find((c) => c === event.target.value) ?? 'wallet')}
      />
      <Button variant="primary" onClick={onRun} isLoading={run.isPending} disabled={accountIds.length === 0}>
        {t('wallets:checks.run', { count: accountIds.length })}
      </Button>
    </div>
  );
}
