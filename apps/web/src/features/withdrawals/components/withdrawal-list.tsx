import {
  canUser,
  MERCHANT_WITHDRAWAL_KINDS,
  MODES,
  type Mode,
  type OperatorWithdrawal,
  SERVER_EVENTS,
  WITHDRAWAL_KINDS,
  WITHDRAWAL_STATUSES,
  type WithdrawalKind,
  type WithdrawalStatus,
} from '@gerbang/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Select } from '../../../components/ui/select';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useDetailParam } from '../../../hooks/use-detail-param';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { useApiErrorMessage } from '../../../lib/api-error';
import { DETAIL_PARAMS } from '../../../lib/detail-params';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { useSession } from '../../../lib/session';
import { downloadWithdrawalsCsv, useRefreshWithdrawals, useWithdrawals } from '../api/withdrawals';
import { RequestWithdrawalModal } from './request-withdrawal-modal';
import { WithdrawalActions } from './withdrawal-actions';
import { WithdrawalDetailModal } from './withdrawal-detail';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';

/**
 * Withdrawals, live: every merchant's for operators (admin "Withdrawal Request"), its own for a
 * merchant (merchant "Withdrawal Requests", where it also requests one). Status filter, the
 * actions the user may take on each, and each one's detail.
 */
export function WithdrawalList({ forOperators }: { forOperators: boolean }) {
  const { t } = useTranslation(['withdrawals']);
  const { user } = useSession();
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const refresh = useRefreshWithdrawals();
  const [{ status, kind, mode }, setFilters] = useUrlFilters(
    { status: '' as WithdrawalStatus | '', kind: '' as WithdrawalKind | '', mode: 'live' as Mode },
    { status: WITHDRAWAL_STATUSES, kind: WITHDRAWAL_KINDS, mode: MODES },
  );
  const [isRequesting, setRequesting] = useState(false);
  const [isExporting, setExporting] = useState(false);
  // Operators see test mode's withdrawals only when they ask for them.
  const filters = {
    status: status || undefined,
    kind: kind || undefined,
    mode: forOperators && mode === 'test' ? mode : undefined,
  };
  const query = useWithdrawals(filters);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadWithdrawalsCsv(filters);
    } catch (error) {
      toast.error(apiErrorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const [openId, setOpen] = useDetailParam(DETAIL_PARAMS.withdrawal);
  useRealtimeEvent(SERVER_EVENTS.withdrawalUpdate, () => void refresh());
  const canRequest = !forOperators && canUser(user, 'withdrawals', 'create');

  const columns: TableColumn<OperatorWithdrawal>[] = [
    { key: 'created', header: t('withdrawals:fields.createdAt'), cell: (w) => formatDateTime(w.createdAt) },
    {
      key: 'reference',
      header: t('withdrawals:fields.referenceNumber'),
      cell: (w) => (
        <button
          type="button"
          className="font-mono text-xs break-all text-blue-700 underline dark:text-blue-300"
          onClick={() => setOpen(w.id)}
        >
          {w.referenceNumber}
        </button>
      ),
    },
    ...(forOperators
      ? [
          {
            key: 'merchant',
            header: t('withdrawals:fields.merchant'),
            cell: (w: OperatorWithdrawal) => w.merchantName ?? t('withdrawals:fields.noMerchant'),
          },
        ]
      : []),
    { key: 'kind', header: t('withdrawals:fields.kind'), cell: (w) => t(`withdrawals:kinds.${w.kind}`) },
    { key: 'amount', header: t('withdrawals:fields.amount'), cell: (w) => money(w.amount, w.currency) },
    {
      key: 'destination',
      header: t('withdrawals:fields.destination'),
      cell: (w) => (
        <span className="text-xs">
          {w.destination.provider.toUpperCase()} {w.destination.accountNumber}
        </span>
      ),
    },
    { key: 'status', header: t('withdrawals:fields.status'), cell: (w) => <WithdrawalStatusBadge status={w.status} /> },
    { key: 'actions', header: t('withdrawals:fields.actions'), cell: (w) => <WithdrawalActions withdrawal={w} /> },
  ];

  return (
    <section aria-labelledby="withdrawals-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="withdrawals-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('withdrawals:list.heading')}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label={t('withdrawals:fields.status')}
            name="status"
            value={status}
            onChange={(event) => setFilters({ status: event.target.value as WithdrawalStatus | '', kind, mode })}
            options={[
              { value: '', label: t('withdrawals:list.allStatuses') },
              ...WITHDRAWAL_STATUSES.map((value) => ({ value, label: t(`withdrawals:statuses.${value}`) })),
            ]}
          />
          <Select
            label={t('withdrawals:fields.kind')}
            name="kind"
            value={kind}
            onChange={(event) => setFilters({ status, kind: event.target.value as WithdrawalKind | '', mode })}
            options={[
              { value: '', label: t('withdrawals:list.allKinds') },
              // A return to a sender belongs to no merchant: merchants never have one to filter by.
              ...(forOperators ? WITHDRAWAL_KINDS : MERCHANT_WITHDRAWAL_KINDS).map((value) => ({
                value,
                label: t(`withdrawals:kinds.${value}`),
              })),
            ]}
          />
          {forOperators ? (
            <Select
              label={t('withdrawals:list.mode')}
              name="mode"
              value={mode}
              onChange={(event) => setFilters({ status, kind, mode: event.target.value === 'test' ? 'test' : 'live' })}
              options={MODES.map((value) => ({ value, label: t(`withdrawals:modes.${value}`) }))}
            />
          ) : null}
          <Button variant="secondary" isLoading={isExporting} onClick={() => void exportCsv()}>
            {t('withdrawals:list.export')}
          </Button>
          {canRequest ? <Button onClick={() => setRequesting(true)}>{t('withdrawals:request.open')}</Button> : null}
        </div>
      </div>
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={rows}
          getRowKey={(w) => w.id}
          isLoading={query.isPending}
          emptyMessage={t('withdrawals:list.empty')}
          caption={t('withdrawals:list.heading')}
        />
      )}
      <LoadMoreButton query={query} />
      {isRequesting ? <RequestWithdrawalModal onClose={() => setRequesting(false)} /> : null}
      {openId ? <WithdrawalDetailModal id={openId} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
