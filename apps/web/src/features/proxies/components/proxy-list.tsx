import type { ProxyCheckStatus, ProxyEntry, ProxyType } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useProxies } from '../api/get-proxies';
import { useCheckProxies } from '../hooks/use-check-proxies';
import { useProxyPermissions } from '../hooks/use-proxy-permissions';
import { ImportProxiesModal } from './import-proxies-modal';
import { ProxiesTable } from './proxies-table';
import { ProxyFilters } from './proxy-filters';
import { ProxyFormModal } from './proxy-form-modal';

const SEARCH_DEBOUNCE_MS = 300;

type OpenModal = { kind: 'add' } | { kind: 'edit'; proxy: ProxyEntry } | { kind: 'import' } | null;

/** Proxy Management: list with search and filters, add/edit/import modals, checks. */
export function ProxyList() {
  const { t } = useTranslation(['proxies']);
  const apiErrorMessage = useApiErrorMessage();
  const { canCreate, canCheck } = useProxyPermissions();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ProxyType | null>(null);
  const [checkStatus, setCheckStatus] = useState<ProxyCheckStatus | null>(null);
  const [modal, setModal] = useState<OpenModal>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const proxiesQuery = useProxies({ q, type, checkStatus });
  const proxies = proxiesQuery.data?.items ?? [];
  const { checkAll, isChecking } = useCheckProxies();
  const close = () => setModal(null);

  return (
    <section aria-labelledby="proxy-list-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="proxy-list-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('proxies:list.heading')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {canCheck ? (
            <Button
              variant="secondary"
              isLoading={isChecking}
              disabled={proxies.length === 0}
              onClick={() => void checkAll(proxies)}
            >
              {t('proxies:actions.checkAll', { count: proxies.length })}
            </Button>
          ) : null}
          {canCreate ? (
            <>
              <Button variant="secondary" onClick={() => setModal({ kind: 'import' })}>
                {t('proxies:actions.import')}
              </Button>
              <Button variant="primary" onClick={() => setModal({ kind: 'add' })}>
                {t('proxies:actions.add')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <ProxyFilters
        search={search}
        onSearchChange={setSearch}
        type={type}
        onTypeChange={setType}
        checkStatus={checkStatus}
        onCheckStatusChange={setCheckStatus}
      />
      {proxiesQuery.isError ? (
        <div className="flex flex-col items-start gap-2">
          <FormError>
            {t('proxies:list.loadFailed')} {apiErrorMessage(proxiesQuery.error)}
          </FormError>
          <Button variant="secondary" onClick={() => void proxiesQuery.refetch()}>
            {t('proxies:list.retry')}
          </Button>
        </div>
      ) : (
        <ProxiesTable
          proxies={proxies}
          isLoading={proxiesQuery.isPending}
          onEdit={(proxy) => setModal({ kind: 'edit', proxy })}
        />
      )}
      {modal?.kind === 'add' ? <ProxyFormModal onClose={close} /> : null}
      {modal?.kind === 'edit' ? <ProxyFormModal proxy={modal.proxy} onClose={close} /> : null}
      {modal?.kind === 'import' ? <ImportProxiesModal onClose={close} /> : null}
    </section>
  );
}
