import { PROXY_CHECK_STATUSES, PROXY_TYPES, type ProxyCheckStatus, type ProxyType } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

type ProxyFiltersProps = {
  search: string;
  onSearchChange: (value: string) => void;
  type: ProxyType | null;
  onTypeChange: (type: ProxyType | null) => void;
  checkStatus: ProxyCheckStatus | null;
  onCheckStatusChange: (status: ProxyCheckStatus | null) => void;
};

const ANY = '';

export function ProxyFilters(props: ProxyFiltersProps) {
  const { t } = useTranslation(['proxies']);
  const typeOptions = [
    { value: ANY, label: t('proxies:list.allTypes') },
    ...PROXY_TYPES.map((value) => ({ value, label: t(`proxies:types.${value}`) })),
  ];
  const statusOptions = [
    { value: ANY, label: t('proxies:list.allStatuses') },
    ...PROXY_CHECK_STATUSES.map((value) => ({ value, label: t(`proxies:statuses.${value}`) })),
  ];

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="sm:col-span-2">
        <Input
          label={t('proxies:list.search')}
          name="q"
          type="search"
          placeholder={t('proxies:list.searchPlaceholder')}
          value={props.search}
          onChange={(event) => props.onSearchChange(event.target.value)}
        />
      </div>
      <Select
        label={t('proxies:list.typeFilter')}
        name="type"
        options={typeOptions}
        value={props.type ?? ANY}
        onChange={(event) => props.onTypeChange(PROXY_TYPES.find((value) => value === event.target.value) ?? null)}
      />
      <Select
        label={t('proxies:list.statusFilter')}
        name="checkStatus"
        options={statusOptions}
        value={props.checkStatus ?? ANY}
        onChange={(event) =>
          props.onCheckStatusChange(PROXY_CHECK_STATUSES.find((value) => value === event.target.value) ?? null)
        }
      />
    </div>
  );
}
