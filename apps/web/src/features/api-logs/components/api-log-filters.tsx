import { API_LOG_METHODS, API_LOG_ROUTES, API_LOG_STATUS_CLASSES } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../../components/ui/day-range-inputs';
import { Input } from '../../../components/ui/input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { startOfDay } from '../../../lib/day-range';
import type { ApiLogFilters } from '../api/get-api-logs';

/** What the filter form holds: days as the date inputs give them (yyyy-mm-dd, the browser's zone). */
export type ApiLogFilterForm = {
  method: string;
  route: string;
  statusClass: string;
  requestId: string;
  idempotencyKey: string;
  fromDay: string;
  toDay: string;
};

export const EMPTY_API_LOG_FILTERS: ApiLogFilterForm = {
  method: '',
  route: '',
  statusClass: '',
  requestId: '',
  idempotencyKey: '',
  fromDay: '',
  toDay: '',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A request id the server would refuse is not sent: the input says what is wrong instead. */
const isRequestIdAcceptable = (id: string) => id === '' || UUID.test(id);

const pick = <T extends string>(values: readonly T[], value: string): T | undefined =>
  values.find((candidate) => candidate === value);

/** The form as the API's filters (typed texts already debounced): "to" includes its whole day. */
export function toApiLogFilters(
  form: ApiLogFilterForm,
  typed: { requestId: string; idempotencyKey: string },
  merchantId: string | undefined,
): ApiLogFilters {
  return {
    merchantId,
    method: pick(API_LOG_METHODS, form.method),
    route: pick(API_LOG_ROUTES, form.route),
    statusClass: pick(API_LOG_STATUS_CLASSES, form.statusClass),
    requestId: isRequestIdAcceptable(typed.requestId) ? typed.requestId || undefined : undefined,
    idempotencyKey: typed.idempotencyKey || undefined,
    createdFrom: startOfDay(form.fromDay),
    createdTo: startOfDay(form.toDay, 1),
  };
}

export function ApiLogFiltersForm({
  value,
  onChange,
}: {
  value: ApiLogFilterForm;
  onChange(next: ApiLogFilterForm): void;
}) {
  const { t } = useTranslation(['apiLogs']);
  const any: SelectOption = { value: '', label: t('apiLogs:filters.any') };
  const set = (patch: Partial<ApiLogFilterForm>) => onChange({ ...value, ...patch });
  const options = (values: readonly string[]) => [any, ...values.map((v) => ({ value: v, label: v }))];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Select
        label={t('apiLogs:fields.method')}
        name="method"
        value={value.method}
        onChange={(event) => set({ method: event.target.value })}
        options={options(API_LOG_METHODS)}
      />
      <Select
        label={t('apiLogs:fields.route')}
        name="route"
        value={value.route}
        onChange={(event) => set({ route: event.target.value })}
        options={options(API_LOG_ROUTES)}
      />
      <Select
        label={t('apiLogs:fields.status')}
        name="statusClass"
        value={value.statusClass}
        onChange={(event) => set({ statusClass: event.target.value })}
        options={[any, ...API_LOG_STATUS_CLASSES.map((c) => ({ value: c, label: t(`apiLogs:statusClass.${c}`) }))]}
      />
      <Input
        label={t('apiLogs:fields.requestId')}
        name="requestId"
        value={value.requestId}
        error={isRequestIdAcceptable(value.requestId.trim()) ? undefined : t('apiLogs:filters.requestIdInvalid')}
        onChange={(event) => set({ requestId: event.target.value })}
      />
      <Input
        label={t('apiLogs:fields.idempotencyKey')}
        name="idempotencyKey"
        value={value.idempotencyKey}
        onChange={(event) => set({ idempotencyKey: event.target.value })}
      />
      <DayRangeInputs
        fromDay={value.fromDay}
        toDay={value.toDay}
        labels={{ from: t('apiLogs:filters.from'), to: t('apiLogs:filters.to') }}
        onChange={set}
      />
    </div>
  );
}
