import type { ProxyEntry } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { checkProxy } from '../api/check-proxy';
import { useRefreshProxies } from '../api/use-refresh-proxies';

/** Checks run through the server one request each; a few at a time keeps the server and proxies calm. */
const CONCURRENT_CHECKS = 4;

/** "Check all visible": every listed proxy, a few at a time, then one summary toast. */
export function useCheckProxies() {
  const { t } = useTranslation(['proxies']);
  const refresh = useRefreshProxies();
  const [isChecking, setIsChecking] = useState(false);

  const checkAll = async (proxies: ProxyEntry[]) => {
    if (proxies.length === 0) return;
    setIsChecking(true);
    const outcome = { ok: 0, failed: 0 };
    let next = 0;
    const worker = async () => {
      while (next < proxies.length) {
        const proxy = proxies[next++] as ProxyEntry;
        try {
          const checked = await checkProxy(proxy.id);
          outcome[checked.checkStatus === 'ok' ? 'ok' : 'failed']++;
        } catch {
          outcome.failed++;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(CONCURRENT_CHECKS, proxies.length) }, worker));
    } finally {
      setIsChecking(false);
      await refresh();
    }
    const message = t('proxies:check.allDone', { ok: outcome.ok, failed: outcome.failed });
    if (outcome.failed > 0) toast.error(message);
    else toast.success(message);
  };

  return { checkAll, isChecking };
}
