import type { ApiLogDetail as ApiLogDetailData } from '@gerbang/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/ui/detail-section';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useApiLog } from '../api/get-api-log';
import { ApiLogStatus } from './api-log-status';

function Body({ title, body }: { title: string; body: unknown }) {
  const { t } = useTranslation(['apiLogs']);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mt-6 mb-2 text-base font-semibold text-gray-900 dark:text-white">
        {title}
      </h3>
      {body === null ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('apiLogs:detail.noBody')}</p>
      ) : (
        // Focusable: a long body scrolls, and a keyboard must reach it (axe scrollable-region-focusable).
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-md bg-gray-100 p-3 font-mono text-xs break-all whitespace-pre-wrap dark:bg-gray-800"
        >
          {JSON.stringify(body, null, 2)}
        </pre>
      )}
    </section>
  );
}

function Entry({ entry }: { entry: ApiLogDetailData }) {
  const { t } = useTranslation(['apiLogs']);
  const formatDateTime = useFormatDateTime();
  const mono = (text: string | null) => <span className="font-mono text-xs break-all">{text ?? '—'}</span>;
  return (
    <div>
      <DetailList
        rows={[
          { key: 'time', label: t('apiLogs:fields.createdAt'), value: formatDateTime(entry.createdAt) },
          { key: 'request', label: t('apiLogs:fields.request'), value: mono(`${entry.method} ${entry.url}`) },
          { key: 'status', label: t('apiLogs:fields.status'), value: <ApiLogStatus status={entry.status} /> },
          {
            key: 'duration',
            label: t('apiLogs:fields.duration'),
            value: t('apiLogs:durationMs', { ms: entry.durationMs }),
          },
          {
            key: 'token',
            label: t('apiLogs:fields.token'),
            value: entry.tokenPrefix
              ? `${entry.tokenName ?? ''} (${entry.tokenPrefix}…)`
              : t('apiLogs:detail.tokenGone'),
          },
          { key: 'requestId', label: t('apiLogs:fields.requestId'), value: mono(entry.requestId) },
          { key: 'key', label: t('apiLogs:fields.idempotencyKey'), value: mono(entry.idempotencyKey) },
          { key: 'ip', label: t('apiLogs:fields.ip'), value: mono(entry.ip) },
        ]}
      />
      <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{t('apiLogs:detail.redacted')}</p>
      <Body title={t('apiLogs:detail.requestBody')} body={entry.requestBody} />
      <Body title={t('apiLogs:detail.responseBody')} body={entry.responseBody} />
    </div>
  );
}

/** One request: what was sent and answered, when, by which token, bodies redacted by the server. */
export function ApiLogDetail({ id }: { id: string }) {
  const { t } = useTranslation(['apiLogs']);
  const apiErrorMessage = useApiErrorMessage();
  const query = useApiLog(id);
  if (query.isError) return <FormError>{apiErrorMessage(query.error)}</FormError>;
  if (query.isPending) return <Spinner label={t('apiLogs:detail.loading')} />;
  return <Entry entry={query.data} />;
}
