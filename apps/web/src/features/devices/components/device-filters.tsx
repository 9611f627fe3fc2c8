import { DEVICE_SORTS, type ListDevicesQuery } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

type Sort = (typeof DEVICE_SORTS)[number];
export type DeviceFilterValues = {
  search: string;
  presence: NonNullable<ListDevicesQuery['presence']> | null;
  busy: NonNullable<ListDevicesQuery['busy']> | null;
  health: NonNullable<ListDevicesQuery['health']> | null;
  sort: Sort;
};

const ANY = '';
const PRESENCES = ['online', 'offline'] as const;
const BUSY_VALUES = ['true', 'false'] as const;
const HEALTHS = ['healthy', 'failing', 'checking', 'unknown'] as const;

function pick<T extends string>(values: readonly T[], value: string): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

type DeviceFiltersProps = { values: DeviceFilterValues; onChange: (values: DeviceFilterValues) => void };

/** Search, filters and sort; the server applies them all. */
export function DeviceFilters({ values, onChange }: DeviceFiltersProps) {
  const { t } = useTranslation(['devices']);
  const anyOption = { value: ANY, label: t('devices:filters.any') };
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
      <div className="sm:col-span-2">
        <Input
          label={t('devices:filters.search')}
          name="q"
          type="search"
          placeholder={t('devices:filters.searchPlaceholder')}
          value={values.search}
          onChange={(event) => onChange({ ...values, search: event.target.value })}
        />
      </div>
      <Select
        label={t('devices:filters.presence')}
        name="presence"
        options={[anyOption, ...PRESENCES.map((value) => ({ value, label: t(`devices:presence.${value}`) }))]}
        value={values.presence ?? ANY}
        onChange={(event) => onChange({ ...values, presence: pick(PRESENCES, event.target.value) })}
      />
      <Select
        label={t('devices:filters.busy')}
        name="busy"
        options={[
          anyOption,
          { value: 'true', label: t('devices:busy.busy') },
          { value: 'false', label: t('devices:busy.idle') },
        ]}
        value={values.busy ?? ANY}
        onChange={(event) => onChange({ ...values, busy: pick(BUSY_VALUES, event.target.value) })}
      />
      <Select
        label={t('devices:filters.health')}
        name="health"
        options={[anyOption, ...HEALTHS.map((value) => ({ value, label: t(`devices:health.${value}`) }))]}
        value={values.health ?? ANY}
        onChange={(event) => onChange({ ...values, health: pick(HEALTHS, event.target.value) })}
      />
      <Select
        label={t('devices:filters.sort')}
        name="sort"
        options={DEVICE_SORTS.map((value) => ({ value, label: t(`devices:sorts.${value}`) }))}
        value={values.sort}
        onChange={(event) => onChange({ ...values, sort: pick(DEVICE_SORTS, event.target.value) ?? values.sort })}
      />
    </div>
  );
}
