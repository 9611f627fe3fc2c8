import type { Merchant } from '@gerbang/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { MerchantActions } from './merchant-actions';

type MerchantsTableProps = {
  merchants: Merchant[];
  isLoading: boolean;
  onEdit: (merchant: Merchant) => void;
  onSecret: (merchant: Merchant, secret: string) => void;
  /** More actions on each row, composed by the route from other features. */
  extraActions?: (merchant: Merchant) => ReactNode;
};

export function MerchantsTable({ merchants, isLoading, onEdit, onSecret, extraActions }: MerchantsTableProps) {
  const { t } = useTranslation(['merchants']);
  const formatMoney = useFormatMoney();
  const columns: TableColumn<Merchant>[] = [
    {
      key: 'name',
      header: t('merchants:fields.name'),
      cell: (merchant) => (
        <div className="flex flex-col">
          <span className="font-medium">{merchant.name}</span>
          <span className="font-mono text-xs text-gray-600 dark:text-gray-400">{merchant.code}</span>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('merchants:fields.status'),
      cell: (merchant) => (
        <Badge tone={merchant.status === 'active' ? 'green' : 'amber'}>
          {t(`merchants:statuses.${merchant.status}`)}
        </Badge>
      ),
    },
    {
      key: 'fee',
      header: t('merchants:fields.fee'),
      cell: (merchant) =>
        t('merchants:feeValue', {
          percent: merchant.depositFeePercent,
          fixed: formatMoney(merchant.depositFeeFixed, merchant.currency),
        }),
    },
    {
      key: 'range',
      header: t('merchants:fields.range'),
      cell: (merchant) =>
        `${formatMoney(merchant.minAmount, merchant.currency)} – ${formatMoney(merchant.maxAmount, merchant.currency)}`,
    },
    {
      key: 'methods',
      header: t('merchants:fields.allowedMethods'),
      cell: (merchant) => merchant.allowedMethods.map((method) => t(`common:providers.${method}`)).join(', '),
    },
    {
      key: 'actions',
      header: t('merchants:fields.actions'),
      cell: (merchant) => (
        <MerchantActions merchant={merchant} onEdit={onEdit} onSecret={onSecret}>
          {extraActions?.(merchant)}
        </MerchantActions>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={merchants}
      getRowKey={(merchant) => merchant.id}
      isLoading={isLoading}
      emptyMessage={t('merchants:list.empty')}
      caption={t('merchants:list.heading')}
    />
  );
}
