import type { ProxyCheckStatus, ProxyEntry } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';

const STATUS_CLASSES: Record<ProxyCheckStatus, string> = {
  ok: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  unchecked: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

/** The last check: a badge, then latency and exit IP when it worked, or why it failed. */
export function ProxyCheckStatusCell({ proxy }: { proxy: ProxyEntry }) {
  const { t } = useTranslation(['proxies']);
  return (
    <div className="flex flex-col gap-1">
      <span
        className={`inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[proxy.checkStatus]}`}
      >
        {t(`proxies:statuses.${proxy.checkStatus}`)}
      </span>
      {proxy.checkStatus === 'ok' ? (
        <span className="text-xs text-gray-700 dark:text-gray-300">
          {proxy.latencyMs !== null ? t('proxies:check.latency', { ms: proxy.latencyMs }) : null}
          {proxy.exitIp ? ` · ${t('proxies:check.exitIp', { ip: proxy.exitIp })}` : null}
        </span>
      ) : null}
      {proxy.checkStatus === 'failed' && proxy.lastError ? (
        <span className="max-w-64 text-xs break-words text-red-800 dark:text-red-300">{proxy.lastError}</span>
      ) : null}
    </div>
  );
}
