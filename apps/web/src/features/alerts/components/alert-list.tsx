import { ALERT_MAX_SNOOZE_MINUTES, type Alert, canUser } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Select } from '../../../components/ui/select';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { type AlertsState, useAcknowledgeAlert, useAlerts, useSnoozeAlert } from '../api/alerts';
import { alertSubjectLink } from './alert-subject-link';

const STATUS_TONES: Record<Alert['status'], BadgeTone> = { open: 'red', acknowledged: 'amber', resolved: 'green' };
/**
 * Read when drawn, not when the module loads: the contract's constant lives in the shared console
 * chunk, which a page chunk can start before that chunk has finished (it was undefined there).
 */
const snoozeChoices = () => [30, 60, 240, ALERT_MAX_SNOOZE_MINUTES];

/** Active alerts (to acknowledge or snooze) or the last resolved ones. */
export function AlertList() {
  const { t } = useTranslation(['alerts']);
  const { user } = useSession();
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();
  const [state, setState] = useState<AlertsState>('active');
  const [snoozeMinutes, setSnoozeMinutes] = useState<number>(60);
  const query = useAlerts(state);
  const acknowledge = useAcknowledgeAlert();
  const snooze = useSnoozeAlert();
  const mayOperate = canUser(user, 'alerts', 'operate');
  const onError = (error: unknown) => toast.error(apiErrorMessage(error));

  const isSnoozed = (alert: Alert) => alert.snoozedUntil !== null && Date.parse(alert.snoozedUntil) > Date.now();
  const columns: TableColumn<Alert>[] = [
    {
      key: 'what',
      header: t('alerts:fields.what'),
      cell: (alert) => <span className="font-medium">{t(`alerts:kinds.${alert.kind}`)}</span>,
    },
    {
      key: 'subject',
      header: t('alerts:fields.subject'),
      cell: (alert) => {
        const to = alertSubjectLink(alert, user?.roleId);
        const label = alert.subjectType === 'queue' ? t(`alerts:queues.${alert.subjectLabel}`) : alert.subjectLabel;
        return to ? (
          <Link to={to} className="underline hover:no-underline">
            {label}
          </Link>
        ) : (
          label
        );
      },
    },
    { key: 'opened', header: t('alerts:fields.openedAt'), cell: (alert) => formatDateTime(alert.openedAt) },
    {
      key: 'status',
      header: t('alerts:fields.status'),
      cell: (alert) => (
        <div className="flex flex-col gap-1">
          <Badge tone={STATUS_TONES[alert.status]}>{t(`alerts:statuses.${alert.status}`)}</Badge>
          {alert.acknowledgedByName ? (
            <span className="text-xs">{t('alerts:acknowledgedBy', { name: alert.acknowledgedByName })}</span>
          ) : null}
          {isSnoozed(alert) ? (
            <span className="text-xs">
              {t('alerts:snoozedUntil', { time: formatDateTime(alert.snoozedUntil as string) })}
            </span>
          ) : null}
          {alert.resolvedAt ? (
            <span className="text-xs">{t('alerts:resolvedAt', { time: formatDateTime(alert.resolvedAt) })}</span>
          ) : null}
        </div>
      ),
    },
    ...(state === 'active' && mayOperate
      ? [
          {
            key: 'actions',
            header: t('alerts:fields.actions'),
            cell: (alert: Alert) => (
              <div className="flex flex-wrap gap-2">
                {alert.status === 'open' ? (
                  <Button
                    variant="secondary"
                    aria-label={t('alerts:actions.acknowledgeOne', { what: alert.subjectLabel })}
                    onClick={() => acknowledge.mutate(alert.id, { onError })}
                  >
                    {t('alerts:actions.acknowledge')}
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  aria-label={t('alerts:actions.snoozeOne', { what: alert.subjectLabel })}
                  onClick={() => snooze.mutate({ id: alert.id, minutes: snoozeMinutes }, { onError })}
                >
                  {t('alerts:actions.snooze')}
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="alerts-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="alerts-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('alerts:list.heading')}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label={t('alerts:list.show')}
            name="state"
            value={state}
            onChange={(event) => setState(event.target.value === 'resolved' ? 'resolved' : 'active')}
            options={[
              { value: 'active', label: t('alerts:list.active') },
              { value: 'resolved', label: t('alerts:list.resolved') },
            ]}
          />
          {state === 'active' && mayOperate ? (
            <Select
              label={t('alerts:list.snoozeFor')}
              name="snoozeMinutes"
              value={String(snoozeMinutes)}
              onChange={(event) => setSnoozeMinutes(Number(event.target.value))}
              options={snoozeChoices().map((minutes) => ({
                value: String(minutes),
                label: t('alerts:list.minutes', { count: minutes }),
              }))}
            />
          ) : null}
        </div>
      </div>
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={query.data?.items ?? []}
          getRowKey={(alert) => alert.id}
          isLoading={query.isPending}
          emptyMessage={state === 'active' ? t('alerts:list.emptyActive') : t('alerts:list.emptyResolved')}
          caption={t('alerts:list.heading')}
        />
      )}
    </section>
  );
}
