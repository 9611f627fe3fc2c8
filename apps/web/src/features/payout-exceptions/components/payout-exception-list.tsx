import { type PayoutException, type PayoutExceptionOutcome, SERVER_EVENTS } from '@gerbang/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { usePayoutExceptions, useRefreshPayoutExceptions, useResolvePayoutException } from '../api/payout-exceptions';

const OUTCOME_TONES: Record<PayoutExceptionOutcome, BadgeTone> = { paid_after_release: 'red', unclaimed: 'amber' };
const NOTE_MAX_LENGTH = 500;

/**
 * Outgoing transfers no open withdrawal answers for (paid after its hold was released, or claimed
 * by none): each waits for an Admin, who charges the merchant or writes it off, with a reason.
 */
export function PayoutExceptionList() {
  const { t } = useTranslation(['payoutExceptions']);
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const apiErrorMessage = useApiErrorMessage();
  const confirm = useConfirm();
  const [awaitingReview, setAwaitingReview] = useState(true);
  const query = usePayoutExceptions(awaitingReview);
  const refresh = useRefreshPayoutExceptions();
  const resolve = useResolvePayoutException();
  const exceptions = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  useRealtimeEvent(SERVER_EVENTS.withdrawalUpdate, () => void refresh());

  const ask = async (exception: PayoutException, kind: 'charge' | 'writeOff') => {
    const note = await confirm({
      title: t(`payoutExceptions:${kind}.title`),
      message: t(`payoutExceptions:${kind}.message`, {
        amount: money(exception.amount, exception.currency),
        merchant: exception.merchantName ?? '',
      }),
      confirmText: t(`payoutExceptions:${kind}.confirm`),
      cancelText: t('payoutExceptions:actions.cancel'),
      inputLabel: t('payoutExceptions:reason'),
      inputMaxLength: NOTE_MAX_LENGTH,
      isRequiredInput: true,
    });
    if (typeof note !== 'string' || note.trim() === '') return;
    resolve.mutate(
      { id: exception.id, kind, note: note.trim() },
      {
        onSuccess: () => toast.success(t(`payoutExceptions:${kind}.done`)),
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  };

  const columns: TableColumn<PayoutException>[] = [
    { key: 'at', header: t('payoutExceptions:fields.occurredAt'), cell: (x) => formatDateTime(x.occurredAt) },
    {
      key: 'amount',
      header: t('payoutExceptions:fields.amount'),
      cell: (x) => <span className="whitespace-nowrap">{money(x.amount, x.currency)}</span>,
    },
    {
      key: 'account',
      header: t('payoutExceptions:fields.account'),
      cell: (x) => (
        <span className="whitespace-nowrap">
          {t(`common:providers.${x.provider}`)} {x.accountNumber}
        </span>
      ),
    },
    {
      key: 'to',
      header: t('payoutExceptions:fields.counterparty'),
      cell: (x) => [x.counterpartyName, x.counterpartyAccount].filter(Boolean).join(' · ') || '—',
    },
    {
      key: 'withdrawal',
      header: t('payoutExceptions:fields.withdrawal'),
      cell: (x) => (x.withdrawalReference ? `${x.withdrawalReference} · ${x.merchantName ?? ''}` : '—'),
    },
    {
      key: 'outcome',
      header: t('payoutExceptions:fields.outcome'),
      cell: (x) => (
        <div className="flex flex-col items-start gap-1">
          <Badge tone={OUTCOME_TONES[x.outcome]}>{t(`payoutExceptions:outcomes.${x.outcome}`)}</Badge>
          {x.resolution ? (
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {t(`payoutExceptions:resolutions.${x.resolution}`)}: {x.resolutionNote}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('payoutExceptions:fields.actions'),
      cell: (x) =>
        x.resolvedAt === null ? (
          <div className="flex flex-wrap gap-2">
            {x.withdrawalId ? (
              <Button variant="secondary" onClick={() => void ask(x, 'charge')}>
                {t('payoutExceptions:actions.charge')}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => void ask(x, 'writeOff')}>
              {t('payoutExceptions:actions.writeOff')}
            </Button>
          </div>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="payout-exceptions-heading" className="flex flex-col gap-4">
      <h2 id="payout-exceptions-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('payoutExceptions:list.heading')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('payoutExceptions:list.intro')}</p>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={awaitingReview}
          onChange={(event) => setAwaitingReview(event.target.checked)}
        />
        {t('payoutExceptions:filters.awaitingReview')}
      </label>
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={exceptions}
          getRowKey={(x) => x.id}
          isLoading={query.isPending}
          emptyMessage={t('payoutExceptions:list.empty')}
          caption={t('payoutExceptions:list.heading')}
        />
      )}
      <LoadMoreButton query={query} />
    </section>
  );
}
