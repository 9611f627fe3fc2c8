import type { ApiLogEntry } from '@gerbang/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DetailInPlace } from '../../../components/ui/detail-in-place';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Modal } from '../../../components/ui/modal';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useApiLogs } from '../api/get-api-logs';
import { ApiLogDetail } from './api-log-detail';
import { type ApiLogFilterForm, ApiLogFiltersForm, EMPTY_API_LOG_FILTERS, toApiLogFilters } from './api-log-filters';
import { ApiLogStatus } from './api-log-status';

const TYPING_DEBOUNCE_MS = 300;

type Props = {
  /** The merchant whose log an operator opened; a merchant's own console sends none (the server knows it). */
  merchantId?: string;
  /** The request whose detail is open, and how to open or close one. */
  openId: string | null;
  onOpen(id: string | null): void;
  /** Shows the detail in place of the list (inside a dialog already) instead of a dialog of its own. */
  detailInPlace?: boolean;
};

/**
 * The merchant API's request log, newest first: what each `/v1` request sent and got back, with
 * filters and each request's detail (its bodies, redacted by the server).
 */
export function ApiLogList({ merchantId, openId, onOpen, detailInPlace = false }: Props) {
  const { t } = useTranslation(['apiLogs']);
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const [form, setForm] = useState<ApiLogFilterForm>(EMPTY_API_LOG_FILTERS);
  const requestId = useDebouncedValue(form.requestId.trim(), TYPING_DEBOUNCE_MS);
  const idempotencyKey = useDebouncedValue(form.idempotencyKey.trim(), TYPING_DEBOUNCE_MS);
  const query = useApiLogs(toApiLogFilters(form, { requestId, idempotencyKey }, merchantId));
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);

  if (detailInPlace && openId) {
    return (
      <DetailInPlace backLabel={t('apiLogs:detail.back')} onBack={() => onOpen(null)}>
        <ApiLogDetail id={openId} />
      </DetailInPlace>
    );
  }

  const columns: TableColumn<ApiLogEntry>[] = [
    { key: 'time', header: t('apiLogs:fields.createdAt'), cell: (e) => formatDateTime(e.createdAt) },
    {
      key: 'request',
      header: t('apiLogs:fields.request'),
      cell: (e) => (
        <span className="font-mono text-xs break-all">
          {e.method} {e.url}
        </span>
      ),
    },
    { key: 'status', header: t('apiLogs:fields.status'), cell: (e) => <ApiLogStatus status={e.status} /> },
    {
      key: 'duration',
      header: t('apiLogs:fields.duration'),
      cell: (e) => t('apiLogs:durationMs', { ms: e.durationMs }),
    },
    {
      key: 'token',
      header: t('apiLogs:fields.token'),
      cell: (e) => <span className="font-mono text-xs">{e.tokenPrefix ? `${e.tokenPrefix}…` : '—'}</span>,
    },
    {
      key: 'details',
      header: t('apiLogs:list.details'),
      cell: (e) => (
        <Button
          variant="ghost"
          aria-label={t('apiLogs:list.detailsOf', {
            request: `${e.method} ${e.url}`,
            time: formatDateTime(e.createdAt),
          })}
          onClick={() => onOpen(e.id)}
        >
          {t('apiLogs:list.details')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="api-logs-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="api-logs-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('apiLogs:list.heading')}
        </h2>
        {/* On the merchant's own page the header says what the log is. */}
        {merchantId ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('apiLogs:list.blurbOfMerchant')}</p>
        ) : null}
      </div>
      <ApiLogFiltersForm value={form} onChange={setForm} />
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={entries}
          getRowKey={(e) => e.id}
          isLoading={query.isPending}
          emptyMessage={t('apiLogs:list.empty')}
          caption={t('apiLogs:list.heading')}
        />
      )}
      <LoadMoreButton query={query} />
      {openId && !detailInPlace ? (
        <Modal isOpen onClose={() => onOpen(null)} size="wide" title={t('apiLogs:detail.title')}>
          <ApiLogDetail id={openId} />
        </Modal>
      ) : null}
    </section>
  );
}
