import type { WalletAccount, WalletTransaction } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { DetailSection } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useWalletTransactions } from '../api/get-wallet-transactions';

/** Every transfer the phone reported or read from the app's history, newest first. */
export function WalletTransactionsSection({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const formatMoney = useFormatMoney();
  const logs = useWalletTransactions(account.id);
  const rows = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const columns: TableColumn<WalletTransaction>[] = [
    { key: 'occurredAt', header: t('wallets:transactions.occurredAt'), cell: (tx) => formatDateTime(tx.occurredAt) },
    {
      key: 'direction',
      header: t('wallets:transactions.direction'),
      cell: (tx) => (
        <Badge tone={tx.direction === 'in' ? 'green' : 'blue'}>
          {t(`wallets:transactions.directions.${tx.direction}`)}
        </Badge>
      ),
    },
    {
      key: 'amount',
      header: t('wallets:transactions.amount'),
      cell: (tx) => <span className="whitespace-nowrap tabular-nums">{formatMoney(tx.amount, tx.currency)}</span>,
    },
    {
      key: 'counterparty',
      header: t('wallets:transactions.counterparty'),
      cell: (tx) => [tx.counterpartyName, tx.counterpartyAccount].filter(Boolean).join(' · ') || t('wallets:none'),
    },
    {
      key: 'id',
      header: t('wallets:transactions.providerId'),
      cell: (tx) => <span className="font-mono text-xs">{tx.providerTransactionId}</span>,
    },
    {
      key: 'source',
      header: t('wallets:transactions.source'),
      cell: (tx) => t(`wallets:transactions.sources.${tx.source}`),
    },
  ];
  return (
    <DetailSection id="wallet-transactions-heading" title={t('wallets:detail.transactionLogs')}>
      {logs.isError ? (
        <FormError>{apiErrorMessage(logs.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={rows}
          getRowKey={(tx) => tx.id}
          isLoading={logs.isPending}
          emptyMessage={t('wallets:transactions.empty')}
          caption={t('wallets:detail.transactionLogs')}
        />
      )}
      <LoadMoreButton query={logs} />
    </DetailSection>
  );
}
