import {
  type OperatorPaymentSession,
  PAYMENT_SESSION_STATUSES,
  type PaymentSessionStatus,
  SERVER_EVENTS,
  WALLET_PROVIDERS,
  type WalletProvider,
} from '@gerbang/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Select } from '../../../components/ui/select';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { paymentSessionsQueryOptions, usePaymentSessions } from '../api/get-payment-sessions';
import { PaymentSessionStatusBadge } from './payment-session-status-badge';

const SEARCH_DEBOUNCE_MS = 300;

/** Admin console "Transaction Session": every merchant's payment sessions, live. */
export function PaymentSessionList() {
  const { t } = useTranslation(['paymentSessions']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PaymentSessionStatus | null>(null);
  const [method, setMethod] = useState<WalletProvider | null>(null);
  const [reference, setReference] = useState('');
  const referenceNumber = useDebouncedValue(reference.trim(), SEARCH_DEBOUNCE_MS);
  const query = usePaymentSessions({
    status: status ?? undefined,
    method: method ?? undefined,
    referenceNumber: referenceNumber || undefined,
  });
  const sessions = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  useRealtimeEvent(SERVER_EVENTS.paymentSessionUpdate, () => {
    void queryClient.invalidateQueries({ queryKey: paymentSessionsQueryOptions().queryKey });
  });

  const columns: TableColumn<OperatorPaymentSession>[] = [
    { key: 'created', header: t('paymentSessions:fields.createdAt'), cell: (s) => formatDateTime(s.createdAt) },
    {
      key: 'reference',
      header: t('paymentSessions:fields.referenceNumber'),
      cell: (s) => <span className="font-mono text-xs break-all">{s.referenceNumber}</span>,
    },
    { key: 'merchant', header: t('paymentSessions:fields.merchant'), cell: (s) => s.merchantName },
    {
      key: 'method',
      header: t('paymentSessions:fields.method'),
      cell: (s) => (s.method ? t(`common:providers.${s.method}`) : '—'),
    },
    {
      key: 'amount',
      header: t('paymentSessions:fields.finalAmount'),
      cell: (s) => <span className="whitespace-nowrap">{money(s.finalAmount, s.currency)}</span>,
    },
    {
      key: 'status',
      header: t('paymentSessions:fields.status'),
      cell: (s) => <PaymentSessionStatusBadge status={s.status} />,
    },
    {
      key: 'paid',
      header: t('paymentSessions:fields.paidAt'),
      cell: (s) => (s.paidAt ? formatDateTime(s.paidAt) : '—'),
    },
  ];

  return (
    <section aria-labelledby="payment-session-list-heading" className="flex flex-col gap-4">
      <h2 id="payment-session-list-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('paymentSessions:list.heading')}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Input
          label={t('paymentSessions:filters.reference')}
          name="referenceNumber"
          type="search"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
        <Select
          label={t('paymentSessions:fields.status')}
          name="status"
          value={status ?? ''}
          onChange={(event) =>
            setStatus(PAYMENT_SESSION_STATUSES.find((value) => value === event.target.value) ?? null)
          }
          options={[
            { value: '', label: t('paymentSessions:filters.any') },
            ...PAYMENT_SESSION_STATUSES.map((value) => ({ value, label: t(`paymentSessions:statuses.${value}`) })),
          ]}
        />
        <Select
          label={t('paymentSessions:fields.method')}
          name="method"
          value={method ?? ''}
          onChange={(event) => setMethod(WALLET_PROVIDERS.find((value) => value === event.target.value) ?? null)}
          options={[
            { value: '', label: t('paymentSessions:filters.any') },
            ...WALLET_PROVIDERS.map((value) => ({ value, label: t(`common:providers.${value}`) })),
          ]}
        />
      </div>
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={sessions}
          getRowKey={(s) => s.id}
          isLoading={query.isPending}
          emptyMessage={t('paymentSessions:list.empty')}
          caption={t('paymentSessions:list.heading')}
        />
      )}
      <LoadMoreButton query={query} />
    </section>
  );
}
