import {
  MODES,
  type Mode,
  PAYMENT_SESSION_STATUSES,
  type PaymentSessionStatus,
  WALLET_PROVIDERS,
  type WalletProvider,
} from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../../components/ui/day-range-inputs';
import { Input } from '../../../components/ui/input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { startOfDay } from '../../../lib/day-range';
import { useAccountOptions, useMerchantOptions } from '../api/get-filter-options';
import type { PaymentSessionFilters } from '../api/get-payment-sessions';

/** What the filter form holds: days as the date inputs give them (yyyy-mm-dd, the browser's zone). */
export type FilterForm = {
  search: string;
  status: PaymentSessionStatus | null;
  method: WalletProvider | null;
  merchantId: string;
  walletAccountId: string;
  fromDay: string;
  toDay: string;
  /** Operators: live sessions, or test mode's (docs/test-mode.md). */
  mode: Mode;
};

export const EMPTY_FILTERS: FilterForm = {
  search: '',
  status: null,
  method: null,
  merchantId: '',
  walletAccountId: '',
  fromDay: '',
  toDay: '',
  mode: 'live',
};

/** The form as the API's filters: "to" includes its whole day. */
export function toApiFilters(form: FilterForm, search: string): PaymentSessionFilters {
  return {
    search: search || undefined,
    status: form.status ?? undefined,
    method: form.method ?? undefined,
    merchantId: form.merchantId || undefined,
    walletAccountId: form.walletAccountId || undefined,
    createdFrom: startOfDay(form.fromDay),
    createdTo: startOfDay(form.toDay, 1),
    mode: form.mode === 'test' ? 'test' : undefined,
  };
}

type Props = {
  value: FilterForm;
  onChange(next: FilterForm): void;
  /** Operators filter by merchant and receiving account; a merchant sees only its own. */
  forOperators: boolean;
};

export function PaymentSessionFiltersForm({ value, onChange, forOperators }: Props) {
  const { t } = useTranslation(['paymentSessions']);
  const merchants = useMerchantOptions(forOperators);
  const accounts = useAccountOptions(forOperators ? value.method : null);
  const any: SelectOption = { value: '', label: t('paymentSessions:filters.any') };
  const set = (patch: Partial<FilterForm>) => onChange({ ...value, ...patch });
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Input
        label={t('paymentSessions:filters.search')}
        name="search"
        type="search"
        value={value.search}
        onChange={(event) => set({ search: event.target.value })}
      />
      <Select
        label={t('paymentSessions:fields.status')}
        name="status"
        value={value.status ?? ''}
        onChange={(event) => set({ status: PAYMENT_SESSION_STATUSES.find((s) => s === event.target.value) ?? null })}
        options={[
          any,
          ...PAYMENT_SESSION_STATUSES.map((s) => ({ value: s, label: t(`paymentSessions:statuses.${s}`) })),
        ]}
      />
      <Select
        label={t('paymentSessions:fields.method')}
        name="method"
        value={value.method ?? ''}
        onChange={(event) =>
          set({ method: WALLET_PROVIDERS.find((p) => p === event.target.value) ?? null, walletAccountId: '' })
        }
        options={[any, ...WALLET_PROVIDERS.map((p) => ({ value: p, label: t(`common:providers.${p}`) }))]}
      />
      {forOperators ? (
        <>
          <Select
            label={t('paymentSessions:filters.merchant')}
            name="merchantId"
            value={value.merchantId}
            onChange={(event) => set({ merchantId: event.target.value })}
            options={[any, ...(merchants.data ?? [])]}
          />
          <Select
            label={t('paymentSessions:filters.account')}
            name="walletAccountId"
            value={value.walletAccountId}
            disabled={value.method === null}
            onChange={(event) => set({ walletAccountId: event.target.value })}
            options={
              value.method === null
                ? [{ value: '', label: t('paymentSessions:filters.accountNeedsMethod') }]
                : [any, ...(accounts.data ?? [])]
            }
          />
          <Select
            label={t('paymentSessions:filters.mode')}
            name="mode"
            value={value.mode}
            onChange={(event) => set({ mode: event.target.value === 'test' ? 'test' : 'live' })}
            options={MODES.map((mode) => ({ value: mode, label: t(`paymentSessions:modes.${mode}`) }))}
          />
        </>
      ) : null}
      <DayRangeInputs
        fromDay={value.fromDay}
        toDay={value.toDay}
        labels={{ from: t('paymentSessions:filters.from'), to: t('paymentSessions:filters.to') }}
        onChange={set}
      />
    </div>
  );
}
