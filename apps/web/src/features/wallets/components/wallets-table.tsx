import type { WalletAccount } from '@gerbang/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { WalletHealthBadge, WalletLoginBadge, WalletStatusBadge } from './wallet-badges';
import { walletDetailPath } from './wallet-path';
import { WalletReadiness } from './wallet-readiness';

type WalletsTableProps = {
  accounts: WalletAccount[];
  isLoading: boolean;
  /** Present when the user may act on a selection. */
  selection?: { selectedIds: ReadonlySet<string>; onToggle: (id: string) => void };
};

/** Dense rows: one line of facts per account, the readiness reasons truncated (in full on its page). */
export function WalletsTable({ accounts, isLoading, selection }: WalletsTableProps) {
  const { t } = useTranslation(['wallets']);
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const selectedIds = selection?.selectedIds;
  const onToggle = selection?.onToggle;
  // Stable unless what they show changes: rows re-render only when their account does.
  const columns = useMemo((): TableColumn<WalletAccount>[] => {
    const selectColumn: TableColumn<WalletAccount>[] =
      selectedIds && onToggle
        ? [
            {
              key: 'select',
              width: 'w-10',
              header: t('wallets:list.select'),
              cell: (account) => (
                <input
                  type="checkbox"
                  className="size-5"
                  aria-label={t('wallets:list.selectAccount', { name: account.label || account.accountNumber })}
                  checked={selectedIds.has(account.id)}
                  onChange={() => onToggle(account.id)}
                />
              ),
            },
          ]
        : [];
    return [
      ...selectColumn,
      {
        key: 'account',
        width: 'w-56',
        header: t('wallets:fields.account'),
        cell: (account) => (
          <span className="flex items-center gap-2" title={`${account.accountNumber} · ${account.holderName}`}>
            <Link
              to={walletDetailPath(account.provider, account.id)}
              className="max-w-40 truncate font-medium text-gray-900 underline hover:no-underline dark:text-white"
            >
              {account.label || account.accountNumber}
            </Link>
            <span className="max-w-28 truncate text-xs text-gray-700 dark:text-gray-300">
              {account.label ? account.accountNumber : account.holderName}
            </span>
          </span>
        ),
      },
      {
        key: 'device',
        width: 'w-28',
        header: t('wallets:fields.device'),
        cell: (account) => (
          <Link
            to={`/device/${account.deviceId}`}
            className="inline-block max-w-32 truncate underline hover:no-underline"
          >
            {account.deviceName}
          </Link>
        ),
      },
      {
        key: 'status',
        width: 'w-32',
        header: t('wallets:fields.status'),
        // An account that is not active says so; an active one says whether it is logged in.
        cell: (account) =>
          account.status === 'active' ? (
            <WalletLoginBadge status={account.loginStatus} />
          ) : (
            <WalletStatusBadge status={account.status} />
          ),
      },
      {
        key: 'health',
        width: 'w-28',
        header: t('wallets:fields.health'),
        cell: (account) => <WalletHealthBadge state={account.healthState} />,
      },
      {
        key: 'balance',
        width: 'w-32',
        header: t('wallets:fields.balance'),
        cell: (account) =>
          account.balance === null ? (
            t('wallets:none')
          ) : (
            <span
              className="font-medium tabular-nums"
              title={
                account.balanceReadAt ? t('wallets:readAt', { when: formatDateTime(account.balanceReadAt) }) : undefined
              }
            >
              {formatMoney(account.balance, account.currency)}
            </span>
          ),
      },
      {
        key: 'today',
        width: 'w-32',
        header: t('wallets:fields.todayIn'),
        cell: (account) => (
          <span className="tabular-nums">
            {formatMoney(account.today.incomingAmount, account.currency)} ({account.today.incomingCount})
          </span>
        ),
      },
      {
        key: 'readiness',
        header: t('wallets:fields.readiness'),
        cell: (account) => <WalletReadiness account={account} isCompact />,
      },
    ];
  }, [t, formatMoney, formatDateTime, selectedIds, onToggle]);
  return (
    <Table
      columns={columns}
      rows={accounts}
      getRowKey={(account) => account.id}
      isLoading={isLoading}
      emptyMessage={t('wallets:list.empty')}
      caption={t('wallets:list.heading')}
      density="compact"
    />
  );
}
