import {
  AUDIT_ACTION_NAMES,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
  ipAddressSchema,
} from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { DayRangeInputs } from '../../../components/ui/day-range-inputs';
import { Input } from '../../../components/ui/input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { startOfDay } from '../../../lib/day-range';
import type { AuditLogFilters } from '../api/get-audit-log';
import { useAuditLabels } from './use-audit-labels';

/** What the filter form holds: days as the date inputs give them (yyyy-mm-dd, the browser's zone). */
export type AuditFilterForm = {
  actorUserId: string;
  /** The chosen actor's name, for an actor the options do not list (chosen from an entry). */
  actorLabel: string;
  action: AuditAction | null;
  targetType: AuditTargetType | null;
  targetId: string;
  ip: string;
  fromDay: string;
  toDay: string;
};

export const EMPTY_AUDIT_FILTERS: AuditFilterForm = {
  actorUserId: '',
  actorLabel: '',
  action: null,
  targetType: null,
  targetId: '',
  ip: '',
  fromDay: '',
  toDay: '',
};

/** An IP the server would refuse is not sent: the input says what is wrong instead. */
export const isIpAcceptable = (ip: string) => ip === '' || ipAddressSchema.safeParse(ip).success;

/** The form as the API's filters (typed texts already debounced): "to" includes its whole day. */
export function toApiFilters(form: AuditFilterForm, typed: { targetId: string; ip: string }): AuditLogFilters {
  return {
    actorUserId: form.actorUserId || undefined,
    action: form.action ?? undefined,
    targetType: form.targetType ?? undefined,
    targetId: form.targetType ? typed.targetId || undefined : undefined,
    ip: isIpAcceptable(typed.ip) ? typed.ip || undefined : undefined,
    createdFrom: startOfDay(form.fromDay),
    createdTo: startOfDay(form.toDay, 1),
  };
}

type Props = {
  value: AuditFilterForm;
  onChange(next: AuditFilterForm): void;
  /** The users to narrow by (an operator who may list users); none: only an actor chosen from an entry. */
  actorOptions: SelectOption[];
};

export function AuditFiltersForm({ value, onChange, actorOptions }: Props) {
  const { t } = useTranslation(['audit']);
  const labels = useAuditLabels();
  const any: SelectOption = { value: '', label: t('audit:filters.any') };
  const set = (patch: Partial<AuditFilterForm>) => onChange({ ...value, ...patch });
  const isChosenListed = actorOptions.some((option) => option.value === value.actorUserId);
  const actors = [
    any,
    ...actorOptions,
    ...(value.actorUserId && !isChosenListed ? [{ value: value.actorUserId, label: value.actorLabel }] : []),
  ];
  const actions = AUDIT_ACTION_NAMES.map((name) => ({ value: name, label: labels.action(name) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {actors.length > 1 ? (
        <Select
          label={t('audit:filters.actor')}
          name="actorUserId"
          value={value.actorUserId}
          onChange={(event) => {
            const chosen = actors.find((option) => option.value === event.target.value);
            set({ actorUserId: chosen?.value ?? '', actorLabel: chosen?.label ?? '' });
          }}
          options={actors}
        />
      ) : null}
      <Select
        label={t('audit:fields.action')}
        name="action"
        value={value.action ?? ''}
        onChange={(event) => set({ action: AUDIT_ACTION_NAMES.find((name) => name === event.target.value) ?? null })}
        options={[any, ...actions]}
      />
      <Select
        label={t('audit:fields.entityType')}
        name="targetType"
        value={value.targetType ?? ''}
        onChange={(event) =>
          set({ targetType: AUDIT_TARGET_TYPES.find((type) => type === event.target.value) ?? null, targetId: '' })
        }
        options={[any, ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: labels.targetType(type) }))]}
      />
      <Input
        label={t('audit:fields.entityId')}
        name="targetId"
        value={value.targetId}
        disabled={value.targetType === null}
        placeholder={value.targetType === null ? t('audit:filters.entityIdNeedsType') : undefined}
        onChange={(event) => set({ targetId: event.target.value })}
      />
      <Input
        label={t('audit:fields.ip')}
        name="ip"
        value={value.ip}
        error={isIpAcceptable(value.ip.trim()) ? undefined : t('audit:filters.ipInvalid')}
        onChange={(event) => set({ ip: event.target.value })}
      />
      <DayRangeInputs
        fromDay={value.fromDay}
        toDay={value.toDay}
        labels={{ from: t('audit:filters.from'), to: t('audit:filters.to') }}
        onChange={set}
      />
    </div>
  );
}
