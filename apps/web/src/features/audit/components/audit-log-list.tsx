import { type AuditLogEntry, canUser } from '@gerbang/contract';
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
import { useApiErrorMessage } from '../../../lib/api-error';
import { DETAIL_PARAMS } from '../../../lib/detail-params';
import { useSession } from '../../../lib/session';
import { downloadAuditLogCsv } from '../api/export-audit-log';
import { useActorOptions } from '../api/get-actor-options';
import { useAuditLog } from '../api/get-audit-log';
import type { AuditEntityLinks } from './audit-entity-links';
import { AuditEntryDetailModal } from './audit-entry-detail';
import { type AuditFilterForm, AuditFiltersForm, EMPTY_AUDIT_FILTERS, toApiFilters } from './audit-filters';
import { useAuditLabels } from './use-audit-labels';

const TYPING_DEBOUNCE_MS = 300;

/**
 * The audit log, newest first: every entry for operators (admin console "Audit Log"), its own
 * users' for a merchant (the server decides which). Filters, CSV export of what they match, and
 * each entry's detail with a link to its entity's page in this console (`entityLinks`).
 */
export function AuditLogList({ entityLinks }: { entityLinks: AuditEntityLinks }) {
  const { t } = useTranslation(['audit']);
  const { user } = useSession();
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const labels = useAuditLabels();
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const [isExporting, setIsExporting] = useState(false);
  const targetId = useDebouncedValue(form.targetId.trim(), TYPING_DEBOUNCE_MS);
  const ip = useDebouncedValue(form.ip.trim(), TYPING_DEBOUNCE_MS);
  const filters = toApiFilters(form, { targetId, ip });
  const query = useAuditLog(filters);
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const actorOptions = useActorOptions(canUser(user, 'users', 'view'));
  const [openId, setOpen] = useDetailParam(DETAIL_PARAMS.auditEntry);

  async function exportCsv() {
    setIsExporting(true);
    try {
      await downloadAuditLogCsv(filters);
    } catch (error) {
      toast.error(t('audit:list.exportFailed', { message: apiErrorMessage(error) }));
    } finally {
      setIsExporting(false);
    }
  }

  const columns: TableColumn<AuditLogEntry>[] = [
    { key: 'time', header: t('audit:fields.createdAt'), cell: (e) => formatDateTime(e.createdAt) },
    {
      key: 'actor',
      header: t('audit:fields.actor'),
      cell: (e) =>
        e.actorName ? (
          <span className="flex flex-col">
            <span>{e.actorName}</span>
            <span className="text-xs text-gray-700 dark:text-gray-300">{e.actorEmail}</span>
          </span>
        ) : (
          t('audit:actor.none')
        ),
    },
    { key: 'action', header: t('audit:fields.action'), cell: (e) => labels.action(e.action) },
    {
      key: 'entity',
      header: t('audit:fields.entity'),
      cell: (e) => (
        <span className="flex flex-col">
          <span>{labels.targetType(e.targetType)}</span>
          {e.subject ? <span className="text-xs break-all text-gray-700 dark:text-gray-300">{e.subject}</span> : null}
        </span>
      ),
    },
    { key: 'ip', header: t('audit:fields.ip'), cell: (e) => <span className="font-mono text-xs">{e.ip ?? '—'}</span> },
    {
      key: 'details',
      header: t('audit:list.details'),
      cell: (e) => (
        <Button
          variant="ghost"
          aria-label={t('audit:list.detailsOf', { action: labels.action(e.action), time: formatDateTime(e.createdAt) })}
          onClick={() => setOpen(e.id)}
        >
          {t('audit:list.details')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="audit-log-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-log-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('audit:list.heading')}
        </h2>
        <Button variant="secondary" isLoading={isExporting} onClick={() => void exportCsv()}>
          {t('audit:list.export')}
        </Button>
      </div>
      <AuditFiltersForm value={form} onChange={setForm} actorOptions={actorOptions.data ?? []} />
      {query.isError ? (
        <FormError>{apiErrorMessage(query.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={entries}
          getRowKey={(e) => e.id}
          isLoading={query.isPending}
          emptyMessage={t('audit:list.empty')}
          caption={t('audit:list.heading')}
        />
      )}
      <LoadMoreButton query={query} />
      {openId ? (
        <AuditEntryDetailModal
          id={openId}
          entityLinks={entityLinks}
          onClose={() => setOpen(null)}
          onOnlyActor={(actor) => {
            setForm({ ...form, actorUserId: actor.id, actorLabel: actor.label });
            setOpen(null);
          }}
        />
      ) : null}
    </section>
  );
}
