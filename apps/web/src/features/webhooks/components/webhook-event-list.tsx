import {
  canUser,
  WEBHOOK_EVENT_STATUSES,
  WEBHOOK_EVENT_TYPE_NAMES,
  WEBHOOK_NOT_SENT,
  type WebhookEventListItem,
} from '@gerbang/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailInPlace } from '../../../components/ui/detail-in-place';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useSendTestWebhook, useWebhookEvent, useWebhookEvents } from '../api/get-webhook-events';
import { useWebhookEndpoints } from '../api/webhook-endpoints';
import { WebhookEndpointSection } from './webhook-endpoint-section';
import { WebhookEndpointsSection } from './webhook-endpoints-section';

/**
 * An event's detail loads when one is opened: the list draws without it and the payment sessions'
 * texts its deliveries use, which load beside it (the event itself is asked for by the list).
 */
const WebhookEventDetail = lazy(async () => {
  const [detail] = await Promise.all([import('./webhook-event-detail'), i18n.loadNamespaces('paymentSessions')]);
  return detail;
});

const TONES: Record<WebhookEventListItem['status'], BadgeTone> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
  skipped: 'gray',
};

type Props = {
  /** The merchant whose events an operator opened; a merchant's own console sends none (the server knows it). */
  merchantId?: string;
  /** The event whose detail is open, and how to open or close one. */
  openId: string | null;
  onOpen(id: string | null): void;
  /** Shows the detail in place of the list (inside a dialog already) instead of a dialog of its own. */
  detailInPlace?: boolean;
};

/**
 * Every event Gerbang sent (or is sending) a merchant's endpoint, newest first, how its last attempt
 * ended, each one's attempts and body, and Resend (merchant console → Webhooks, with its endpoint
 * and a test event; an operator's support view of a merchant).
 */
export function WebhookEventList({ merchantId, openId, onOpen: setOpen, detailInPlace = false }: Props) {
  const { t } = useTranslation(['webhooks']);
  const { user } = useSession();
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [endpoint, setEndpoint] = useState('');
  const endpoints = useWebhookEndpoints(merchantId);
  const query = useWebhookEvents({
    merchantId,
    type: WEBHOOK_EVENT_TYPE_NAMES.find((name) => name === type),
    status: WEBHOOK_EVENT_STATUSES.find((name) => name === status),
    endpoint: endpoint || undefined,
  });
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  // The open event is asked for at once, while the detail's code loads; the detail reads this answer.
  useWebhookEvent(openId);
  const sendTest = useSendTestWebhook();
  const any = { value: '', label: t('webhooks:filters.any') };

  if (detailInPlace && openId) {
    return (
      <DetailInPlace backLabel={t('webhooks:detail.back')} onBack={() => setOpen(null)}>
        <Suspense fallback={<Spinner label={t('webhooks:detail.loading')} />}>
          <WebhookEventDetail id={openId} />
        </Suspense>
      </DetailInPlace>
    );
  }

  const lastAnswer = (e: WebhookEventListItem) => {
    if (e.lastStatusCode) return t('webhooks:list.httpStatus', { code: e.lastStatusCode });
    if (e.status === 'skipped') {
      if (e.lastError === WEBHOOK_NOT_SENT.disabled) return t('webhooks:list.notSentDisabled');
      if (e.lastError === WEBHOOK_NOT_SENT.removed) return t('webhooks:list.notSentRemoved');
      return t('webhooks:list.noCallbackUrl');
    }
    return e.lastError ?? t('webhooks:list.notYet');
  };
  /** The main endpoint, a further one by its description or URL, or one removed since. */
  const endpointName = (id: string | null) => {
    if (id === null) return t('webhooks:endpoints.main');
    const found = endpoints.data?.find((item) => item.id === id);
    return found ? (found.description ?? found.url) : t('webhooks:endpoints.removedOne');
  };
  const columns: TableColumn<WebhookEventListItem>[] = [
    { key: 'time', header: t('webhooks:fields.createdAt'), cell: (e) => formatDateTime(e.createdAt) },
    {
      key: 'endpoint',
      header: t('webhooks:fields.endpoint'),
      cell: (e) => <span className="text-xs break-all">{endpointName(e.endpointId)}</span>,
    },
    {
      key: 'type',
      header: t('webhooks:fields.type'),
      cell: (e) => <span className="font-mono text-xs">{e.type}</span>,
    },
    {
      key: 'status',
      header: t('webhooks:fields.status'),
      cell: (e) => <Badge tone={TONES[e.status]}>{t(`webhooks:statuses.${e.status}`)}</Badge>,
    },
    { key: 'attempts', header: t('webhooks:fields.attempts'), cell: (e) => e.attempts },
    {
      key: 'answer',
      header: t('webhooks:fields.lastAnswer'),
      cell: (e) => <span className="text-xs break-all">{lastAnswer(e)}</span>,
    },
    {
      key: 'details',
      header: t('webhooks:list.details'),
      cell: (e) => (
        <Button
          variant="ghost"
          aria-label={t('webhooks:list.detailsOf', { type: e.type, time: formatDateTime(e.createdAt) })}
          onClick={() => setOpen(e.id)}
        >
          {t('webhooks:list.details')}
        </Button>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      {canUser(user, 'webhooks', 'update') ? (
        <>
          <WebhookEndpointSection />
          <WebhookEndpointsSection onTestSent={setOpen} />
        </>
      ) : null}
      <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h2 id="webhooks-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
              {t('webhooks:list.heading')}
            </h2>
            {/* On the merchant's own page the header says what the events are. */}
            {merchantId ? (
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('webhooks:list.blurbOfMerchant')}</p>
            ) : null}
          </div>
          {canUser(user, 'webhooks', 'create') ? (
            <Button
              variant="secondary"
              isLoading={sendTest.isPending}
              onClick={() =>
                sendTest.mutate(undefined, {
                  onSuccess: (event) => {
                    toast.success(t('webhooks:test.sent'));
                    setOpen(event.id);
                  },
                  onError: (error) => toast.error(apiErrorMessage(error)),
                })
              }
            >
              {t('webhooks:test.send')}
            </Button>
          ) : null}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Select
            label={t('webhooks:fields.type')}
            name="type"
            value={type}
            onChange={(event) => setType(event.target.value)}
            options={[any, ...WEBHOOK_EVENT_TYPE_NAMES.map((name) => ({ value: name, label: name }))]}
          />
          <Select
            label={t('webhooks:fields.status')}
            name="status"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            options={[
              any,
              ...WEBHOOK_EVENT_STATUSES.map((name) => ({ value: name, label: t(`webhooks:statuses.${name}`) })),
            ]}
          />
          {endpoints.data && endpoints.data.length > 0 ? (
            <Select
              label={t('webhooks:fields.endpoint')}
              name="endpoint"
              value={endpoint}
              onChange={(event) => setEndpoint(event.target.value)}
              options={[
                any,
                { value: 'main', label: t('webhooks:endpoints.main') },
                ...endpoints.data.map((item) => ({ value: item.id, label: item.description ?? item.url })),
              ]}
            />
          ) : null}
        </div>
        {query.isError ? (
          <FormError>{apiErrorMessage(query.error)}</FormError>
        ) : (
          <Table
            columns={columns}
            rows={events}
            getRowKey={(e) => e.id}
            isLoading={query.isPending}
            emptyMessage={t('webhooks:list.empty')}
            caption={t('webhooks:list.heading')}
          />
        )}
        <LoadMoreButton query={query} />
        {openId && !detailInPlace ? (
          <Modal isOpen onClose={() => setOpen(null)} size="wide" title={t('webhooks:detail.title')}>
            <Suspense fallback={<Spinner label={t('webhooks:detail.loading')} />}>
              <WebhookEventDetail id={openId} />
            </Suspense>
          </Modal>
        ) : null}
      </section>
    </div>
  );
}
