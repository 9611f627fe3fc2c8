import {
  MODES,
  type OperatorPaymentSession,
  PAYMENT_SESSION_STATUSES,
  SERVER_EVENTS,
  WALLET_PROVIDERS,
} from '@gerbang/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useDetailParam } from '../../../hooks/use-detail-param';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { useApiErrorMessage } from '../../../lib/api-error';
import { DETAIL_PARAMS } from '../../../lib/detail-params';
import { useRealtimeEvent } from '../../../lib/realtime-store';
import { downloadPaymentSessionsCsv } from '../api/export-payment-sessions';
import { paymentSessionsQueryOptions, usePaymentSessions } from '../api/get-payment-sessions';
import { PaymentSessionDetailModal } from './payment-session-detail';
import { EMPTY_FILTERS, type FilterForm, PaymentSessionFiltersForm, toApiFilters } from './payment-session-filters';
import { PaymentSessionStatusBadge } from './payment-session-status-badge';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Payment sessions, live: every merchant's for operators (admin console "Transaction Session"),
 * its own for a merchant (merchant console "Transaction"). Filters, CSV export of what they
 * match, and each session's detail.
 */
export function PaymentSessionList({ forOperators }: { forOperators: boolean }) {
  const { t } = useTranslation(['paymentSessions']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const money = useFormatMoney();
  const queryClient = useQueryClient();
  const [form, setForm] = useUrlFilters<FilterForm>(EMPTY_FILTERS, {
    status: PAYMENT_SESSION_STATUSES,
    method: WALLET_PROVIDERS,
    mode: MODES,
  });
  const [isExporting, setIsExporting] = useState(false);
  const search = useDebouncedValue(form.search.trim(), SEARCH_DEBOUNCE_MS);
  const filters = toApiFilters(form, search);
  const query = usePaymentSessions(filters);
  const sessions = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const [openId, setOpen] = useDetailParam(DETAIL_PARAMS.paymentSession);
  useRealtimeEvent(SERVER_EVENTS.paymentSessionUpdate, () => {
    void queryClient.invalidateQueries({ queryKey: paymentSessionsQueryOptions().queryKey });
  });

  async function exportCsv() {
    setIsExporting(true);
    try {
      await downloadPaymentSessionsCsv(filters);
    } catch (error) {
      toast.error(t('paymentSessions:list.exportFailed', { message: apiErrorMessage(error) }));
    } finally {
      setIsExporting(false);
    }
  }

  const columns: TableColumn<OperatorPaymentSession>[] = [
    { key: 'created', header: t('paymentSessions:fields.createdAt'), cell: (s) => formatDateTime(s.createdAt) },
    {
      key: 'reference',
      header: t('paymentSessions:fields.referenceNumber'),
      cell: (s) => <span className="font-mono text-xs break-all">{s.referenceNumber}</span>,
    },
    ...(forOperators
      ? [
          {
            key: 'merchant',
            header: t('paymentSessions:fields.merchant'),
            cell: (s: OperatorPaymentSession) => s.merchantName,
          },
        ]
      : []),
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
    {
      key: 'details',
      header: t('paymentSessions:list.details'),
      cell: (s) => (
        <Button
          variant="ghost"
          aria-label={t('paymentSessions:list.detailsOf', { reference: s.referenceNumber })}
          onClick={() => setOpen(s.id)}
        >
          {t('paymentSessions:list.details')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="payment-session-list-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-session-list-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('paymentSessions:list.heading')}
        </h2>
        <Button variant="secondary" isLoading={isExporting} onClick={() => void exportCsv()}>
          {t('paymentSessions:list.export')}
        </Button>
      </div>
      <PaymentSessionFiltersForm value={form} onChange={setForm} forOperators={forOperators} />
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
      {openId ? <PaymentSessionDetailModal sessionId={openId} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
