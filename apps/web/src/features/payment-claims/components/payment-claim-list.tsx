import { canUser, PAYMENT_CLAIM_STATUSES, type PaymentClaim, type PaymentClaimStatus } from '@gerbang/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Select } from '../../../components/ui/select';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { PaymentSessionDetailModal } from '../../payment-sessions/components/payment-session-detail';
import { downloadClaimsCsv, usePaymentClaims, useRejectClaim } from '../api/payment-claims';
import { ClaimProof, ClaimStatusBadge } from './claim-facts';

const MESSAGE_MAX_LENGTH = 500;
const STATUS_FILTERS = [...PAYMENT_CLAIM_STATUSES, 'all'] as const;

/**
 * Customers' claims that they paid ("I paid but it is not confirmed"). Operators open the claim's
 * session (its candidate transfers, Match) or reject it with a message the customer reads; a
 * merchant sees its own sessions' claims.
 */
export function PaymentClaimList() {
  const { t } = useTranslation(['claims']);
  const { user } = useSession();
  const canDecide = canUser(user, 'transactions', 'operate');
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const apiErrorMessage = useApiErrorMessage();
  const confirm = useConfirm();
  const [filters, setFilters] = useUrlFilters({ claimStatus: 'open' as string }, { claimStatus: STATUS_FILTERS });
  const status = filters.claimStatus === 'all' ? null : (filters.claimStatus as PaymentClaimStatus);
  const query = usePaymentClaims(status);
  const reject = useRejectClaim();
  const claims = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const [openSessionId, setOpenSessionId] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  async function exportCsv() {
    setIsExporting(true);
    try {
      await downloadClaimsCsv(status);
    } catch (error) {
      toast.error(t('claims:list.exportFailed', { message: apiErrorMessage(error) }));
    } finally {
      setIsExporting(false);
    }
  }

  const askReject = async (claim: PaymentClaim) => {
    const message = await confirm({
      title: t('claims:reject.title'),
      message: t('claims:reject.message', { reference: claim.referenceNumber }),
      confirmText: t('claims:reject.confirm'),
      cancelText: t('claims:actions.cancel'),
      inputLabel: t('claims:reject.input'),
      inputMaxLength: MESSAGE_MAX_LENGTH,
      isRequiredInput: true,
    });
    if (typeof message !== 'string' || message.trim() === '') return;
    reject.mutate(
      { id: claim.id, message: message.trim() },
      {
        onSuccess: () => toast.success(t('claims:reject.done')),
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  };

  const columns: TableColumn<PaymentClaim>[] = [
    { key: 'filed', header: t('claims:fields.filedAt'), cell: (x) => formatDateTime(x.createdAt) },
    {
      key: 'session',
      header: t('claims:fields.session'),
      cell: (x) => (
        <span className="flex flex-col">
          <span className="font-mono text-xs">{x.referenceNumber}</span>
          <span className="text-xs text-gray-600 dark:text-gray-400">
            {x.merchantName} · {money(x.finalAmount, x.currency)}
          </span>
        </span>
      ),
    },
    {
      key: 'claimed',
      header: t('claims:fields.claimed'),
      cell: (x) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">{money(x.amount, x.currency)}</span>
          <span className="text-xs text-gray-600 dark:text-gray-400">
            {x.senderName} · {formatDateTime(x.sentAt)}
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('claims:fields.status'),
      cell: (x) => (
        <span className="flex flex-col items-start gap-1">
          <ClaimStatusBadge status={x.status} />
          {x.message ? <span className="text-xs text-gray-600 dark:text-gray-400">{x.message}</span> : null}
        </span>
      ),
    },
    { key: 'proof', header: t('claims:fields.proof'), cell: (x) => <ClaimProof claim={x} /> },
    {
      key: 'actions',
      header: t('claims:fields.actions'),
      cell: (x) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpenSessionId(x.paymentSessionId)}>
            {t('claims:actions.openSession')}
          </Button>
          {canDecide && x.status === 'open' ? (
            <Button variant="secondary" disabled={reject.isPending} onClick={() => void askReject(x)}>
              {t('claims:actions.reject')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="payment-claims-heading" className="flex flex-col gap-4">
      <h2 id="payment-claims-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('claims:list.heading')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('claims:list.intro')}</p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-xs">
          <Select
            label={t('claims:fields.status')}
            name="claimStatus"
            value={filters.claimStatus}
            onChange={(event) => setFilters({ claimStatus: event.target.value })}
            options={STATUS_FILTERS.map((value) => ({
              value,
              label: value === 'all' ? t('claims:filters.all') : t(`claims:statuses.${value}`),
            }))}
          />
        </div>
        <Button
          variant="secondary"
          isLoading={isExporting}
          aria-label={`${t('claims:list.export')}: ${t('claims:list.heading')}`}
          onClick={() => void exportCsv()}
        >
          {t('claims:list.export')}
        </Button>
      </div>
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={claims}
          getRowKey={(x) => x.id}
          isLoading={query.isPending}
          emptyMessage={t('claims:list.empty')}
          caption={t('claims:list.heading')}
        />
      )}
      <LoadMoreButton query={query} />
      {openSessionId ? (
        <PaymentSessionDetailModal sessionId={openSessionId} onClose={() => setOpenSessionId(null)} />
      ) : null}
    </section>
  );
}
