import { PAYOUT_PROVIDERS, type PayoutMethod, SERVER_EVENTS } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { useSession } from '../../../lib/session';
import {
  usePayoutMethods,
  useRefreshPayoutMethods,
  useRemovePayoutMethod,
  useVerifyPayoutMethod,
} from '../api/payout-methods';
import { AddPayoutMethodModal } from './add-payout-method-modal';
import { PayoutMethodStatusBadge } from './payout-method-status-badge';

/**
 * The merchant console's Payout Methods: its own destinations, each verified by a phone's
 * account-name inquiry (the holder's name as the provider shows it), verified again after a
 * failure, removed when no open withdrawal goes to it. Updates live.
 */
export function PayoutMethodList() {
  const { t } = useTranslation(['withdrawals']);
  const { user } = useSession();
  const apiErrorMessage = useApiErrorMessage();
  const confirm = useConfirm();
  const query = usePayoutMethods();
  const refresh = useRefreshPayoutMethods();
  const verify = useVerifyPayoutMethod();
  const remove = useRemovePayoutMethod();
  const [isAdding, setAdding] = useState(false);
  useRealtimeEvent(SERVER_EVENTS.payoutMethodUpdate, () => void refresh());
  const currency = user?.merchantBalance?.currency ?? 'IDR';
  const nameOf = (method: PayoutMethod) => `${PAYOUT_PROVIDERS[method.provider].name} ${method.accountNumber}`;

  const onRemove = async (method: PayoutMethod) => {
    const answer = await confirm({
      title: t('withdrawals:payoutMethods.removeTitle'),
      message: t('withdrawals:payoutMethods.removeMessage', { name: nameOf(method) }),
      confirmText: t('withdrawals:payoutMethods.remove'),
      cancelText: t('withdrawals:actions.keep'),
    });
    if (answer !== true) return;
    remove.mutate(method.id, {
      onSuccess: () => toast.success(t('withdrawals:payoutMethods.removed', { name: nameOf(method) })),
      onError: (error) => toast.error(apiErrorMessage(error)),
    });
  };

  const columns: TableColumn<PayoutMethod>[] = [
    {
      key: 'destination',
      header: t('withdrawals:fields.destination'),
      cell: (method) => (
        <div className="flex flex-col">
          <span className="font-medium">{PAYOUT_PROVIDERS[method.provider].name}</span>
          <span className="font-mono text-xs">{method.accountNumber}</span>
          {method.label ? <span className="text-xs text-gray-600 dark:text-gray-400">{method.label}</span> : null}
        </div>
      ),
    },
    {
      key: 'holder',
      header: t('withdrawals:fields.holderName'),
      cell: (method) => (
        <div className="flex flex-col">
          <span>{method.holderName}</span>
          {method.verifiedHolderName ? (
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {t('withdrawals:payoutMethods.providerSays', { name: method.verifiedHolderName })}
            </span>
          ) : null}
          {method.status === 'verified' && method.nameCheck && !method.nameCheck.matches ? (
            <span className="text-xs text-amber-800 dark:text-amber-300">
              {t('withdrawals:payoutMethods.nameDiffers', { score: method.nameCheck.score })}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('withdrawals:fields.status'),
      cell: (method) => (
        <div className="flex flex-col items-start gap-1">
          <PayoutMethodStatusBadge status={method.status} />
          {method.status === 'failed' && method.failureReason ? (
            <span className="text-xs text-red-700 dark:text-red-400">
              {t(`withdrawals:inquiryFailures.${method.failureReason}`)}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('withdrawals:fields.actions'),
      cell: (method) => (
        <div className="flex flex-wrap gap-2">
          {method.status !== 'verifying' ? (
            <Button
              variant="secondary"
              aria-label={t('withdrawals:payoutMethods.verifyAgainFor', { name: nameOf(method) })}
              onClick={() => verify.mutate(method.id, { onError: (error) => toast.error(apiErrorMessage(error)) })}
            >
              {t('withdrawals:payoutMethods.verifyAgain')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            disabled={method.inUse}
            title={method.inUse ? t('withdrawals:payoutMethods.inUse') : undefined}
            aria-label={t('withdrawals:payoutMethods.removeFor', { name: nameOf(method) })}
            onClick={() => void onRemove(method)}
          >
            {t('withdrawals:payoutMethods.remove')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="payout-methods-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payout-methods-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('withdrawals:payoutMethods.heading')}
        </h2>
        <Button onClick={() => setAdding(true)}>{t('withdrawals:payoutMethods.add')}</Button>
      </div>
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={query.data ?? []}
          getRowKey={(method) => method.id}
          isLoading={query.isPending}
          emptyMessage={t('withdrawals:payoutMethods.empty')}
          caption={t('withdrawals:payoutMethods.heading')}
        />
      )}
      {isAdding ? <AddPayoutMethodModal currency={currency} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}
