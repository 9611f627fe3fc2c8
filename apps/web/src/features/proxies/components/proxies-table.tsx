import type { ProxyEntry } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { hostPort } from './host-port';
import { ProxyActions } from './proxy-actions';
import { ProxyCheckStatusCell } from './proxy-check-status';

type ProxiesTableProps = { proxies: ProxyEntry[]; isLoading: boolean; onEdit: (proxy: ProxyEntry) => void };

export function ProxiesTable({ proxies, isLoading, onEdit }: ProxiesTableProps) {
  const { t } = useTranslation(['proxies']);
  const formatDateTime = useFormatDateTime();
  const columns: TableColumn<ProxyEntry>[] = [
    { key: 'type', header: t('proxies:fields.type'), cell: (proxy) => t(`proxies:types.${proxy.type}`) },
    {
      key: 'address',
      header: t('proxies:fields.address'),
      cell: (proxy) => <span className="font-mono break-all">{hostPort(proxy.host, proxy.port)}</span>,
    },
    { key: 'label', header: t('proxies:fields.label'), cell: (proxy) => proxy.label || '—' },
    { key: 'username', header: t('proxies:fields.username'), cell: (proxy) => proxy.username ?? '—' },
    {
      key: 'password',
      header: t('proxies:fields.passwordSet'),
      cell: (proxy) => (proxy.hasPassword ? t('proxies:passwordSet.yes') : t('proxies:passwordSet.no')),
    },
    { key: 'status', header: t('proxies:fields.checkStatus'), cell: (proxy) => <ProxyCheckStatusCell proxy={proxy} /> },
    {
      key: 'lastChecked',
      header: t('proxies:fields.lastCheckedAt'),
      cell: (proxy) => (proxy.lastCheckedAt ? formatDateTime(proxy.lastCheckedAt) : t('proxies:never')),
    },
    {
      key: 'actions',
      header: t('proxies:fields.actions'),
      cell: (proxy) => <ProxyActions proxy={proxy} onEdit={onEdit} />,
    },
  ];

  return (
    <Table
      columns={columns}
      rows={proxies}
      getRowKey={(proxy) => proxy.id}
      isLoading={isLoading}
      emptyMessage={t('proxies:list.empty')}
      caption={t('proxies:list.heading')}
    />
  );
}
