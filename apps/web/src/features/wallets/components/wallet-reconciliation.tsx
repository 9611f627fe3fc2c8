import type { WalletProvider, WalletReconciliation } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useReconciliationTransfers, useWalletReconciliation } from '../api/get-wallet-reconciliation';

/** Today in the browser's calendar (the server takes it as each account's own day). */
const todayHere = () => new Intl.DateTimeFormat('en-CA').format(new Date());

function Transfers({ row, date }: { row: WalletReconciliation; date: string }) {
  const { t } = useTranslation(['wallets']);
  const money = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();
  const query = useReconciliationTransfers(row.walletAccountId, date);
  if (query.isError) return <FormError>{apiErrorMessage(query.error)}</FormError>;
  if (!query.data) return <Spinner isDecorative />;
  return (
    <section aria-label={t('wallets:reconciliation.transfersOf', { account: row.label })} className="text-sm">
      <h3 className="mb-1 font-semibold">{t('wallets:reconciliation.transfersOf', { account: row.label })}</h3>
      {query.data.length === 0 ? (
        <p>{t('wallets:reconciliation.noTransfers')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {query.data.map((transfer) => (
            <li key={transfer.id}>
              {t(`wallets:reconciliation.${transfer.direction}`, {
                amount: money(transfer.amount, transfer.currency),
                who: transfer.counterpartyName || '—',
              })}{' '}
              <span className="text-xs text-gray-600 dark:text-gray-400">
                {formatDateTime(transfer.occurredAt)} · {transfer.providerTransactionId}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A provider's accounts, one day each: how much the phone's reported balance moved against the
 * ledger's cash of the account over the same readings; a difference is flagged and opens the
 * transfers behind it.
 */
export function WalletReconciliationSection({ provider }: { provider: WalletProvider }) {
  const { t } = useTranslation(['wallets']);
  const money = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();
  const [filters, setFilters] = useUrlFilters({ reconciledOn: '' as string });
  const date = /^\d{4}-\d{2}-\d{2}$/.test(filters.reconciledOn) ? filters.reconciledOn : todayHere();
  const query = useWalletReconciliation(date);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = (query.data ?? []).filter((row) => row.provider === provider);
  const amount = (row: WalletReconciliation, value: string | null) =>
    value === null ? '—' : money(value, row.currency);

  const columns: TableColumn<WalletReconciliation>[] = [
    {
      key: 'account',
      header: t('wallets:reconciliation.account'),
      cell: (row) => (
        <span className="flex flex-col">
          <span>{row.label}</span>
          <span className="text-xs text-gray-600 dark:text-gray-400">{row.accountNumber}</span>
        </span>
      ),
    },
    {
      key: 'readings',
      header: t('wallets:reconciliation.readings'),
      cell: (row) =>
        row.opening && row.closing
          ? `${formatDateTime(row.opening.readAt)} → ${formatDateTime(row.closing.readAt)}`
          : t('wallets:reconciliation.unread'),
    },
    { key: 'phone', header: t('wallets:reconciliation.phoneMoved'), cell: (row) => amount(row, row.phoneMoved) },
    { key: 'ledger', header: t('wallets:reconciliation.ledgerMoved'), cell: (row) => amount(row, row.ledgerMoved) },
    {
      key: 'difference',
      header: t('wallets:reconciliation.difference'),
      cell: (row) =>
        row.status === 'unread' ? (
          '—'
        ) : (
          <Badge tone={row.status === 'balanced' ? 'green' : 'red'}>
            {row.status === 'balanced' ? t('wallets:reconciliation.balanced') : amount(row, row.difference)}
          </Badge>
        ),
    },
    {
      key: 'transfers',
      header: t('wallets:reconciliation.transfers'),
      cell: (row) =>
        row.status === 'unread' ? (
          '—'
        ) : (
          <Button
            variant="secondary"
            aria-expanded={openId === row.walletAccountId}
            onClick={() => setOpenId(openId === row.walletAccountId ? null : row.walletAccountId)}
          >
            {t('wallets:reconciliation.showTransfers', { count: row.transfers })}
          </Button>
        ),
    },
  ];
  const open = rows.find((row) => row.walletAccountId === openId);

  return (
    <section aria-labelledby="wallet-reconciliation-heading" className="flex flex-col gap-4">
      <h2 id="wallet-reconciliation-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('wallets:reconciliation.heading')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('wallets:reconciliation.intro')}</p>
      <div className="max-w-xs">
        <Input
          label={t('wallets:reconciliation.date')}
          name="reconciledOn"
          type="date"
          value={date}
          onChange={(event) => setFilters({ reconciledOn: event.target.value })}
        />
      </div>
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.walletAccountId}
          isLoading={query.isPending}
          emptyMessage={t('wallets:list.empty')}
          caption={t('wallets:reconciliation.heading')}
        />
      )}
      {open ? <Transfers row={open} date={date} /> : null}
    </section>
  );
}
