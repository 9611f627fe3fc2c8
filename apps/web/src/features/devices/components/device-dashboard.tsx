import { DEVICE_SORTS } from '@gerbang/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { useApiErrorMessage } from '../../../lib/api-error';
import { type DeviceListFilters, useDevices } from '../api/get-devices';
import { useDeviceLiveUpdates } from '../hooks/use-device-live-updates';
import { useDevicePermissions } from '../hooks/use-device-permissions';
import { BulkActionBar } from './bulk-action-bar';
import { DeviceFilters, type DeviceFilterValues } from './device-filters';
import { DeviceSummaryCards } from './device-summary-cards';
import { DevicesTable } from './devices-table';
import { RegisterDeviceModal } from './register-device-modal';

const SEARCH_DEBOUNCE_MS = 300;
const INITIAL_FILTERS: DeviceFilterValues = { search: '', presence: null, busy: null, health: null, sort: 'name' };

/** Spec §2 '/': the fleet at a glance, live. */
export function DeviceDashboard() {
  const { t } = useTranslation(['devices']);
  const apiErrorMessage = useApiErrorMessage();
  const { canRegister, canOperate } = useDevicePermissions();
  const [filterValues, setFilterValues] = useUrlFilters(INITIAL_FILTERS, {
    presence: ['online', 'offline'],
    busy: ['true', 'false'],
    health: ['healthy', 'failing', 'checking', 'unknown'],
    sort: DEVICE_SORTS,
  });
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [isRegistering, setIsRegistering] = useState(false);
  const q = useDebouncedValue(filterValues.search.trim(), SEARCH_DEBOUNCE_MS);
  useDeviceLiveUpdates();

  const filters: DeviceListFilters = {
    q: q || undefined,
    presence: filterValues.presence ?? undefined,
    busy: filterValues.busy ?? undefined,
    health: filterValues.health ?? undefined,
    sort: filterValues.sort,
  };
  const devicesQuery = useDevices(filters);
  const devices = devicesQuery.data ?? [];
  // A device that left the list (filter, refresh) leaves the selection too.
  const visibleSelection = useMemo(
    () => devices.filter((device) => selectedIds.has(device.id)).map((device) => device.id),
    [devices, selectedIds],
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
      <DeviceSummaryCards values={filterValues} onFilter={(patch) => setFilterValues({ ...filterValues, ...patch })} />
      <section aria-labelledby="device-list-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="device-list-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
            {t('devices:list.heading')}
          </h2>
          {canRegister ? (
            <Button variant="primary" onClick={() => setIsRegistering(true)}>
              {t('devices:actions.register')}
            </Button>
          ) : null}
        </div>
        <DeviceFilters values={filterValues} onChange={setFilterValues} />
        {canOperate ? (
          <BulkActionBar
            selectedIds={visibleSelection}
            visibleCount={devices.length}
            onSelectAll={() => setSelectedIds(new Set(devices.map((device) => device.id)))}
            onClear={() => setSelectedIds(new Set())}
          />
        ) : null}
        {devicesQuery.isError ? (
          <div className="flex flex-col items-start gap-2">
            <FormError>
              {t('devices:list.loadFailed')} {apiErrorMessage(devicesQuery.error)}
            </FormError>
            <Button variant="secondary" onClick={() => void devicesQuery.refetch()}>
              {t('devices:list.retry')}
            </Button>
          </div>
        ) : (
          <DevicesTable
            devices={devices}
            isLoading={devicesQuery.isPending}
            selection={canOperate ? selection : undefined}
          />
        )}
      </section>
      {isRegistering ? <RegisterDeviceModal onClose={() => setIsRegistering(false)} /> : null}
    </div>
  );
}
