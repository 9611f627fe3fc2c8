import {
  WALLET_ACCOUNT_STATUSES,
  WALLET_HEALTH_STATES,
  WALLET_LOGIN_STATUSES,
  WALLET_SORTS,
  type WalletAccountStatus,
  type WalletHealthState,
  type WalletLoginStatus,
  type WalletSort,
} from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

export type WalletFilterValues = {
  search: string;
  status: WalletAccountStatus | null;
  login: WalletLoginStatus | null;
  health: WalletHealthState | null;
  sort: WalletSort;
};
export const INITIAL_WALLET_FILTERS: WalletFilterValues = {
  search: '',
  status: null,
  login: null,
  health: null,
  sort: 'label',
};

const ANY = '';
function pick<T extends string>(values: readonly T[], value: string): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

type WalletFiltersProps = { values: WalletFilterValues; onChange: (values: WalletFilterValues) => void };

/** Search, filters and sort; the server applies them all. */
export function WalletFilters({ values, onChange }: WalletFiltersProps) {
  const { t } = useTranslation(['wallets']);
  const anyOption = { value: ANY, label: t('wallets:filters.any') };
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
      <div className="sm:col-span-2">
        <Input
          label={t('wallets:filters.search')}
          name="q"
          type="search"
          placeholder={t('wallets:filters.searchPlaceholder')}
          value={values.search}
          onChange={(event) => onChange({ ...values, search: event.target.value })}
        />
      </div>
      <Select
        label={t('wallets:fields.status')}
        name="status"
        options={[
          anyOption,
          ...WALLET_ACCOUNT_STATUSES.map((value) => ({ value, label: t(`wallets:status.${value}`) })),
        ]}
        value={values.status ?? ANY}
        onChange={(event) => onChange({ ...values, status: pick(WALLET_ACCOUNT_STATUSES, event.target.value) })}
      />
      <Select
        label={t('wallets:fields.loginStatus')}
        name="login"
        options={[
          anyOption,
          ...WALLET_LOGIN_STATUSES.map((value) => ({ value, label: t(`wallets:loginStatus.${value}`) })),
        ]}
        value={values.login ?? ANY}
        onChange={(event) => onChange({ ...values, login: pick(WALLET_LOGIN_STATUSES, event.target.value) })}
      />
      <Select
        label={t('wallets:fields.health')}
        name="health"
        options={[
          anyOption,
          ...WALLET_HEALTH_STATES.map((value) => ({ value, label: t(`wallets:healthState.${value}`) })),
        ]}
        value={values.health ?? ANY}
        onChange={(event) => onChange({ ...values, health: pick(WALLET_HEALTH_STATES, event.target.value) })}
      />
      <Select
        label={t('wallets:filters.sort')}
        name="sort"
        options={WALLET_SORTS.map((value) => ({ value, label: t(`wallets:sorts.${value}`) }))}
        value={values.sort}
        onChange={(event) => onChange({ ...values, sort: pick(WALLET_SORTS, event.target.value) ?? 'label' })}
      />
    </div>
  );
}
