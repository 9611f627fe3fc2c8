import {
  canUser,
  DEPOSIT_OUTCOMES,
  type DepositCandidate,
  type DepositOutcome,
  type DepositTransfer,
  SERVER_EVENTS,
  WALLET_PROVIDER_TABLE,
} from '@gerbang/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
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
import { DETAIL_PARAMS } from '../../../lib/detail-params';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { useSession } from '../../../lib/session';
import {
  downloadDepositTransfersCsv,
  type ResolutionKind,
  useDepositTransfers,
  useRefreshDepositTransfers,
  useResolveDepositTransfer,
} from '../api/deposit-transfers';
import { CreditMerchantModal } from './credit-merchant-modal';
import { DepositCandidatesModal } from './deposit-candidates-modal';
import { ProposalActions } from './proposal-actions';

const OUTCOME_TONES: Record<DepositOutcome, BadgeTone> = { matched: 'green', paid_late: 'amber', unmatched: 'red' };
const NOTE_MAX_LENGTH = 500;

/**
 * "Transaction": incoming transfers and what became of them. Operators who may act on them see the
 * review queue (paid late, unmatched) and resolve each with a reason; merchants see their own.
 */
export function DepositTransferList() {
  const { t } = useTranslation(['depositTransfers', 'withdrawals']);
  const { user } = useSession();
  const canResolve = canUser(user, 'transactions', 'operate');
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const apiErrorMessage = useApiErrorMessage();
  const confirm = useConfirm();
  const [filters, setFilters] = useUrlFilters(
    { outcome: null as DepositOutcome | null, awaitingReview: false as boolean },
    { outcome: DEPOSIT_OUTCOMES },
  );
  const { outcome, awaitingReview } = filters;
  const query = useDepositTransfers({ outcome: outcome ?? undefined, awaitingReview });
  const refresh = useRefreshDepositTransfers();
  const resolve = useResolveDepositTransfer();
  const transfers = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  useRealtimeEvent(SERVER_EVENTS.paymentSessionUpdate, () => void refresh());
  // A return moving (sent, or ended unpaid: the transfer is back in the queue).
  useRealtimeEvent(SERVER_EVENTS.withdrawalUpdate, () => void refresh());

  const [finding, setFinding] = useState<DepositTransfer | null>(null);
  const [crediting, setCrediting] = useState<DepositTransfer | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  async function exportCsv() {
    setIsExporting(true);
    try {
      await downloadDepositTransfersCsv({ outcome: outcome ?? undefined, awaitingReview });
    } catch (error) {
      toast.error(t('depositTransfers:list.exportFailed', { message: apiErrorMessage(error) }));
    } finally {
      setIsExporting(false);
    }
  }

  /**
   * Match to its session (paid late), or to a candidate the operator picked; send it back to its
   * sender through a phone; or record a refund made outside Gerbang.
   */
  const ask = async (transfer: DepositTransfer, kind: ResolutionKind, candidate?: DepositCandidate) => {
    const isNear = candidate !== undefined && candidate.difference !== '0';
    const paymentSessionId = candidate?.paymentSessionId ?? transfer.paymentSessionId;
    const note = await confirm({
      title: t(`depositTransfers:${kind}.title`),
      message: t(isNear ? 'depositTransfers:match.nearMessage' : `depositTransfers:${kind}.message`, {
        amount: money(transfer.amount, transfer.currency),
        reference: candidate?.referenceNumber ?? transfer.referenceNumber ?? '',
        difference: candidate ? money(candidate.difference, transfer.currency) : '',
        final: candidate ? money(candidate.finalAmount, transfer.currency) : '',
        sender: transfer.counterpartyName,
        senderAccount: transfer.counterpartyAccount,
        account: `${t(`common:providers.${transfer.provider}`)} ${transfer.accountNumber}`,
      }),
      confirmText: t(`depositTransfers:${kind}.confirm`),
      cancelText: t('depositTransfers:actions.cancel'),
      inputLabel: t('depositTransfers:reason'),
      inputMaxLength: NOTE_MAX_LENGTH,
      isRequiredInput: true,
    });
    if (typeof note !== 'string' || note.trim() === '') return;
    resolve.mutate(
      {
        id: transfer.id,
        kind,
        note: note.trim(),
        ...(kind === 'match' && paymentSessionId ? { paymentSessionId } : {}),
      },
      {
        onSuccess: (outcome) => {
          setFinding(null);
          toast.success(t(outcome === 'resolved' ? `depositTransfers:${kind}.done` : 'depositTransfers:proposal.sent'));
        },
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );
  };

  const isQueued = (transfer: DepositTransfer) => transfer.outcome !== 'matched' && transfer.resolvedAt === null;
  /** The history names the sender's account on the receiving account's own network (an e-wallet's). */
  const isReturnable = (transfer: DepositTransfer) =>
    transfer.counterpartyAccount !== '' && WALLET_PROVIDER_TABLE[transfer.provider].accountType === 'wallet';
  const columns: TableColumn<DepositTransfer>[] = [
    { key: 'at', header: t('depositTransfers:fields.occurredAt'), cell: (x) => formatDateTime(x.occurredAt) },
    {
      key: 'amount',
      header: t('depositTransfers:fields.amount'),
      cell: (x) => <span className="whitespace-nowrap">{money(x.amount, x.currency)}</span>,
    },
    {
      key: 'account',
      header: t('depositTransfers:fields.account'),
      cell: (x) => (
        <span className="whitespace-nowrap">
          {t(`common:providers.${x.provider}`)} {x.accountNumber}
        </span>
      ),
    },
    {
      key: 'from',
      header: t('depositTransfers:fields.counterparty'),
      cell: (x) => (
        <span className="flex flex-col">
          <span>{x.counterpartyName || '—'}</span>
          {x.counterpartyAccount ? (
            <span className="font-mono text-xs text-gray-600 dark:text-gray-400">{x.counterpartyAccount}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'session',
      header: t('depositTransfers:fields.session'),
      cell: (x) => (x.referenceNumber ? `${x.referenceNumber} · ${x.merchantName ?? ''}` : '—'),
    },
    {
      key: 'outcome',
      header: t('depositTransfers:fields.outcome'),
      cell: (x) => (
        <div className="flex flex-col items-start gap-1">
          <Badge tone={OUTCOME_TONES[x.outcome]}>{t(`depositTransfers:outcomes.${x.outcome}`)}</Badge>
          {x.resolution ? (
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {t(`depositTransfers:resolutions.${x.resolution}`)}
              {x.creditReference ? ` ${x.creditReference}` : ''}: {x.resolutionNote}
            </span>
          ) : null}
          {x.returnWithdrawal ? (
            <Link
              className="text-xs text-blue-700 underline dark:text-blue-300"
              to={`/withdrawal-requests?${DETAIL_PARAMS.withdrawal}=${x.returnWithdrawal.id}`}
            >
              {t('depositTransfers:return.status', {
                status: t(`withdrawals:statuses.${x.returnWithdrawal.status}`),
              })}
            </Link>
          ) : null}
          {x.proposal ? (
            <span className="text-xs text-amber-800 dark:text-amber-300">
              {t(`depositTransfers:proposal.${x.proposal.kind}`)}: {x.proposal.note}
            </span>
          ) : null}
        </div>
      ),
    },
  ];
  if (canResolve) {
    columns.push({
      key: 'actions',
      header: t('depositTransfers:fields.actions'),
      cell: (x) =>
        isQueued(x) && x.proposal ? (
          <ProposalActions transfer={x} />
        ) : isQueued(x) ? (
          <div className="flex flex-wrap gap-2">
            {x.outcome === 'paid_late' && x.paymentSessionId ? (
              <Button variant="secondary" onClick={() => void ask(x, 'match')}>
                {t('depositTransfers:actions.match')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              aria-label={`${t('depositTransfers:actions.findSession')} ${money(x.amount, x.currency)}`}
              onClick={() => setFinding(x)}
            >
              {t('depositTransfers:actions.findSession')}
            </Button>
            <Button
              variant="secondary"
              aria-label={`${t('depositTransfers:actions.credit')} ${money(x.amount, x.currency)}`}
              onClick={() => setCrediting(x)}
            >
              {t('depositTransfers:actions.credit')}
            </Button>
            {isReturnable(x) ? (
              <Button
                variant="secondary"
                aria-label={`${t('depositTransfers:actions.return')} ${money(x.amount, x.currency)}`}
                onClick={() => void ask(x, 'return')}
              >
                {t('depositTransfers:actions.return')}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => void ask(x, 'refund')}>
              {t('depositTransfers:actions.refund')}
            </Button>
          </div>
        ) : null,
    });
  }

  return (
    <section aria-labelledby="deposit-transfers-heading" className="flex flex-col gap-4">
      <h2 id="deposit-transfers-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('depositTransfers:list.heading')}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Select
          label={t('depositTransfers:fields.outcome')}
          name="outcome"
          value={outcome ?? ''}
          onChange={(event) =>
            setFilters({ ...filters, outcome: DEPOSIT_OUTCOMES.find((value) => value === event.target.value) ?? null })
          }
          options={[
            { value: '', label: t('depositTransfers:filters.any') },
            ...DEPOSIT_OUTCOMES.map((value) => ({ value, label: t(`depositTransfers:outcomes.${value}`) })),
          ]}
        />
        {canResolve ? (
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={awaitingReview}
              onChange={(event) => setFilters({ ...filters, awaitingReview: event.target.checked })}
            />
            {t('depositTransfers:filters.awaitingReview')}
          </label>
        ) : null}
        <div className="self-end sm:justify-self-end">
          <Button
            variant="secondary"
            isLoading={isExporting}
            aria-label={`${t('depositTransfers:list.export')}: ${t('depositTransfers:list.heading')}`}
            onClick={() => void exportCsv()}
          >
            {t('depositTransfers:list.export')}
          </Button>
        </div>
      </div>
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={transfers}
          getRowKey={(x) => x.id}
          isLoading={query.isPending}
          emptyMessage={t('depositTransfers:list.empty')}
          caption={t('depositTransfers:list.heading')}
        />
      )}
      <LoadMoreButton query={query} />
      {crediting ? <CreditMerchantModal transfer={crediting} onClose={() => setCrediting(null)} /> : null}
      {finding ? (
        <DepositCandidatesModal
          transfer={finding}
          onClose={() => setFinding(null)}
          onMatch={(candidate) => void ask(finding, 'match', candidate)}
        />
      ) : null}
    </section>
  );
}
