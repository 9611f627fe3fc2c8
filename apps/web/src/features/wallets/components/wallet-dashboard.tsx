import type { WalletProvider } from '@gerbang/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useWallets, type WalletListFilters } from '../api/get-wallets';
import { useWalletLiveUpdates } from '../hooks/use-wallet-live-updates';
import { useWalletPermissions } from '../hooks/use-wallet-permissions';
import { AddWalletModal } from './add-wallet-modal';
import { RunWalletChecksControl } from './run-wallet-checks-control';
import { INITIAL_WALLET_FILTERS, WalletFilters } from './wallet-filters';
import { WalletReconciliationSection } from './wallet-reconciliation';
import { WalletSummaryCards } from './wallet-summary-cards';
import { WalletsTable } from './wallets-table';

const SEARCH_DEBOUNCE_MS = 300;

/** Spec §2 /dana, /livin, /maya: one provider's accounts, live, with checks in bulk. */
export function WalletDashboard({ provider }: { provider: WalletProvider }) {
  const { t } = useTranslation(['wallets']);
  const apiErrorMessage = useApiErrorMessage();
  const { canCreate, canOperate } = useWalletPermissions();
  const [filterValues, setFilterValues] = useState(INITIAL_WALLET_FILTERS);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [isAdding, setIsAdding] = useState(false);
  const q = useDebouncedValue(filterValues.search.trim(), SEARCH_DEBOUNCE_MS);
  useWalletLiveUpdates();

  const filters: WalletListFilters = {
    provider,
    q: q || undefined,
    status: filterValues.status ?? undefined,
    login: filterValues.login ?? undefined,
    health: filterValues.health ?? undefined,
    sort: filterValues.sort,
  };
  const walletsQuery = useWallets(filters);
  const accounts = useMemo(() => walletsQuery.data?.pages.flatMap((page) => page.items) ?? [], [walletsQuery.data]);
  // An account that left the list (filter, refresh) leaves the selection too.
  const visibleSelection = useMemo(
    () => accounts.filter((account) => selectedIds.has(account.id)).map((account) => account.id),
    [accounts, selectedIds],
  );
  const onToggle = useCallback(
    (id: string) =>
      setSelectedIds((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const selection = useMemo(() => ({ selectedIds, onToggle }), [selectedIds, onToggle]);

  return (
    <div className="flex flex-col gap-6">
      <WalletSummaryCards provider={provider} />
      <section aria-labelledby="wallet-list-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="wallet-list-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
            {t('wallets:list.headingOf', { provider: t(`common:providers.${provider}`) })}
          </h2>
          {canCreate ? (
            <Button variant="primary" onClick={() => setIsAdding(true)}>
              {t('wallets:actions.add')}
            </Button>
          ) : null}
        </div>
        <WalletFilters values={filterValues} onChange={setFilterValues} />
        {canOperate ? (
          <div className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-3 dark:border-gray-700 dark:bg-gray-900">
            <p aria-live="polite" className="self-center text-sm font-medium">
              {t('wallets:bulk.selected', { count: visibleSelection.length })}
            </p>
            <Button
              variant="ghost"
              onClick={() => setSelectedIds(new Set(accounts.map((a) => a.id)))}
              disabled={accounts.length === 0 || visibleSelection.length === accounts.length}
            >
              {t('wallets:bulk.selectAll', { count: accounts.length })}
            </Button>
            {visibleSelection.length > 0 ? (
              <>
                <Button variant="ghost" onClick={() => setSelectedIds(new Set())}>
                  {t('wallets:bulk.clear')}
                </Button>
                <RunWalletChecksControl accountIds={visibleSelection} onStarted={() => setSelectedIds(new Set())} />
              </>
            ) : null}
          </div>
        ) : null}
        {walletsQuery.isError ? (
          <div className="flex flex-col items-start gap-2">
            <FormError>
              {t('wallets:list.loadFailed')} {apiErrorMessage(walletsQuery.error)}
            </FormError>
            <Button variant="secondary" onClick={() => void walletsQuery.refetch()}>
              {t('wallets:list.retry')}
            </Button>
          </div>
        ) : (
          <WalletsTable
            accounts={accounts}
            isLoading={walletsQuery.isPending}
            selection={canOperate ? selection : undefined}
          />
        )}
        <LoadMoreButton query={walletsQuery} />
      </section>
      <WalletReconciliationSection provider={provider} />
      {isAdding ? <AddWalletModal provider={provider} onClose={() => setIsAdding(false)} /> : null}
    </div>
  );
}
