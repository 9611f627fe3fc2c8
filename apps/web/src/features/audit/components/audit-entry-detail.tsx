import { type AuditLogEntry, canUser } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DetailList } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useAuditEntry } from '../api/get-audit-entry';
import { type AuditChange, auditChanges } from './audit-changes';
import type { AuditEntityLinks } from './audit-entity-links';
import { useAuditLabels } from './use-audit-labels';

function SectionHeading({ children }: { children: string }) {
  return <h3 className="mt-6 mb-2 text-base font-semibold text-gray-900 dark:text-white">{children}</h3>;
}

function ChangesTable({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation(['audit']);
  const text = (value: unknown) => {
    if (value === null || value === undefined || value === '') return t('audit:detail.empty');
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{t('audit:detail.changes')}</caption>
      <thead>
        <tr className="text-gray-700 dark:text-gray-300">
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('audit:detail.field')}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t('audit:detail.before')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('audit:detail.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} className="border-t border-gray-200 align-top dark:border-gray-700">
            <th scope="row" className="py-1 pr-3 font-mono text-xs font-normal">
              {change.field || t('audit:detail.value')}
            </th>
            <td className="py-1 pr-3 break-all text-red-800 dark:text-red-300">
              <del className="no-underline">{text(change.from)}</del>
            </td>
            <td className="py-1 break-all text-green-800 dark:text-green-300">
              <ins className="no-underline">{text(change.to)}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Props = {
  id: string;
  entityLinks: AuditEntityLinks;
  onClose(): void;
  /** Narrows the page to the entry's actor. */
  onOnlyActor(actor: { id: string; label: string }): void;
};

/** One entry: who, what, to what, when and from where; the values it changed; all it recorded. */
export function AuditEntryDetailModal({ id, entityLinks, onClose, onOnlyActor }: Props) {
  const { t } = useTranslation(['audit']);
  const { user } = useSession();
  const apiErrorMessage = useApiErrorMessage();
  const formatDateTime = useFormatDateTime();
  const labels = useAuditLabels();
  const query = useAuditEntry(id);
  const entry: AuditLogEntry | undefined = query.data;
  const link = entry?.targetType && entry.targetId ? entityLinks[entry.targetType as keyof AuditEntityLinks] : null;
  const linkTo =
    entry?.targetId && link && canUser(user, link.area, 'view')
      ? link.to({ ...entry, targetId: entry.targetId })
      : null;
  const changes = auditChanges(entry?.details ?? null);
  const actorLabel = entry?.actorName ? `${entry.actorName} (${entry.actorEmail})` : t('audit:actor.none');

  return (
    <Modal isOpen onClose={onClose} size="wide" title={t('audit:detail.title', { id })}>
      {query.isError ? <FormError>{apiErrorMessage(query.error)}</FormError> : null}
      {query.isPending ? <Spinner label={t('audit:detail.loading')} /> : null}
      {entry ? (
        <div>
          <DetailList
            rows={[
              { key: 'time', label: t('audit:fields.createdAt'), value: formatDateTime(entry.createdAt) },
              { key: 'actor', label: t('audit:fields.actor'), value: actorLabel },
              {
                key: 'action',
                label: t('audit:fields.action'),
                value: (
                  <>
                    {labels.action(entry.action)} <span className="font-mono text-xs">{entry.action}</span>
                  </>
                ),
              },
              { key: 'type', label: t('audit:fields.entityType'), value: labels.targetType(entry.targetType) },
              {
                key: 'target',
                label: t('audit:fields.entityId'),
                value: <span className="font-mono text-xs break-all">{entry.targetId ?? '—'}</span>,
              },
              { key: 'subject', label: t('audit:fields.subject'), value: entry.subject ?? '—' },
              { key: 'ip', label: t('audit:fields.ip'), value: entry.ip ?? '—' },
            ]}
          />
          <div className="mt-4 flex flex-wrap gap-3">
            {linkTo ? (
              <Link to={linkTo} className="text-sm font-medium text-blue-700 underline dark:text-blue-300">
                {t('audit:detail.openEntity', { entity: labels.targetType(entry.targetType) })}
              </Link>
            ) : null}
            {entry.actorUserId ? (
              <Button
                variant="secondary"
                onClick={() => onOnlyActor({ id: entry.actorUserId ?? '', label: actorLabel })}
              >
                {t('audit:detail.onlyThisActor')}
              </Button>
            ) : null}
          </div>
          {changes.length > 0 ? (
            <>
              <SectionHeading>{t('audit:detail.changes')}</SectionHeading>
              <ChangesTable changes={changes} />
            </>
          ) : null}
          <SectionHeading>{t('audit:detail.details')}</SectionHeading>
          {entry.details && Object.keys(entry.details).length > 0 ? (
            <pre className="rounded-md bg-gray-100 p-3 font-mono text-xs break-all whitespace-pre-wrap dark:bg-gray-800">
              {JSON.stringify(entry.details, null, 2)}
            </pre>
          ) : (
            <p className="text-sm text-gray-700 dark:text-gray-300">{t('audit:detail.noDetails')}</p>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
