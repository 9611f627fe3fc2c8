import type { DepositCandidate, DepositTransfer } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Modal } from '../../../components/ui/modal';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useDepositCandidates } from '../api/deposit-transfers';
import { useFormatDuration } from './use-format-duration';

/**
 * "Find session" on a queued transfer: the sessions it may have paid, best first, each with how far
 * its amount is, when the transfer came and whose name it carries; the operator picks one to match.
 */
export function DepositCandidatesModal({
  transfer,
  onClose,
  onMatch,
}: {
  transfer: DepositTransfer;
  onClose: () => void;
  onMatch: (candidate: DepositCandidate) => void;
}) {
  const { t } = useTranslation(['depositTransfers']);
  const money = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const duration = useFormatDuration();
  const apiErrorMessage = useApiErrorMessage();
  const query = useDepositCandidates(transfer.id);
  const tolerance = query.data?.tolerancePercent ?? 0;

  const columns: TableColumn<DepositCandidate>[] = [
    {
      key: 'session',
      header: t('depositTransfers:fields.session'),
      cell: (c) => (
        <div className="flex flex-col">
          <span className="font-mono text-xs break-all">{c.referenceNumber}</span>
          <span className="text-xs text-gray-600 dark:text-gray-400">{c.merchantName}</span>
        </div>
      ),
    },
    {
      key: 'amount',
      header: t('depositTransfers:candidates.finalAmount'),
      cell: (c) => <span className="whitespace-nowrap">{money(c.finalAmount, c.currency)}</span>,
    },
    {
      key: 'difference',
      header: t('depositTransfers:candidates.difference'),
      cell: (c) => (
        <Badge tone={c.difference === '0' ? 'green' : 'amber'}>
          {c.difference.startsWith('-') ? '' : '+'}
          {money(c.difference, c.currency)}
        </Badge>
      ),
    },
    {
      key: 'timing',
      header: t('depositTransfers:candidates.timing'),
      cell: (c) => (
        <div className="flex flex-col text-xs">
          <span>
            {t(c.secondsAfterOpen >= 0 ? 'depositTransfers:candidates.after' : 'depositTransfers:candidates.before', {
              duration: duration(c.secondsAfterOpen),
            })}
          </span>
          {c.withinTimeLimit ? null : <span>{t('depositTransfers:candidates.late')}</span>}
        </div>
      ),
    },
    {
      key: 'customer',
      header: t('depositTransfers:candidates.customer'),
      cell: (c) =>
        c.customerName ? (
          <div className="flex flex-col text-xs">
            <span>{c.customerName}</span>
            {c.nameScore === null ? null : (
              <span>{t('depositTransfers:candidates.nameScore', { score: c.nameScore })}</span>
            )}
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      header: t('depositTransfers:fields.actions'),
      cell: (c) => (
        <Button
          variant="secondary"
          aria-label={`${t('depositTransfers:actions.match')} ${c.referenceNumber}`}
          onClick={() => onMatch(c)}
        >
          {t('depositTransfers:actions.match')}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      isOpen
      onClose={onClose}
      size="wide"
      title={t('depositTransfers:candidates.title')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('depositTransfers:actions.close')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          {t('depositTransfers:candidates.intro', {
            amount: money(transfer.amount, transfer.currency),
            from: transfer.counterpartyName || '—',
            time: formatDateTime(transfer.occurredAt),
          })}
        </p>
        {query.isError ? (
          <FormError>{apiErrorMessage(query.error)}</FormError>
        ) : (
          <Table
            columns={columns}
            rows={query.data?.items ?? []}
            getRowKey={(c) => c.paymentSessionId}
            isLoading={query.isPending}
            emptyMessage={t('depositTransfers:candidates.empty', { tolerance })}
            caption={t('depositTransfers:candidates.title')}
          />
        )}
      </div>
    </Modal>
  );
}
