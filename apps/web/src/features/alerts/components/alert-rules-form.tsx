import { ALERT_THRESHOLD, type AlertRule, CURRENCIES } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useAlertRules, useUpdateAlertRule } from '../api/alerts';

const FIELDS = ['thresholdMinutes', 'balanceFloors.IDR', 'balanceFloors.PHP'] as const;

/** One rule: on or off, and its threshold (minutes, or a balance floor per currency). */
function AlertRuleRow({ rule }: { rule: AlertRule }) {
  const { t } = useTranslation(['alerts']);
  const update = useUpdateAlertRule();
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS)(update.error);
  const [enabled, setEnabled] = useState(rule.enabled);
  const [minutes, setMinutes] = useState(rule.thresholdMinutes === null ? '' : String(rule.thresholdMinutes));
  const [floors, setFloors] = useState({ IDR: rule.balanceFloors?.IDR ?? '', PHP: rule.balanceFloors?.PHP ?? '' });
  const threshold = ALERT_THRESHOLD[rule.kind];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      {
        kind: rule.kind,
        body: {
          enabled,
          ...(threshold === 'minutes' ? { thresholdMinutes: minutes.trim() === '' ? null : Number(minutes) } : {}),
          ...(threshold === 'balance_floor'
            ? { balanceFloors: { IDR: floors.IDR.trim() || null, PHP: floors.PHP.trim() || null } }
            : {}),
        },
      },
      { onSuccess: () => toast.success(t('alerts:rules.saved', { rule: t(`alerts:kinds.${rule.kind}`) })) },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t(`alerts:kinds.${rule.kind}`)}
      className="flex flex-wrap items-end gap-3 border-b border-gray-200 py-3 dark:border-gray-700"
    >
      <label className="flex min-w-64 flex-1 items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="enabled"
          className="mt-0.5 size-4"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <span>
          <span className="font-medium">{t(`alerts:kinds.${rule.kind}`)}</span>
          <span className="block text-xs text-gray-600 dark:text-gray-400">{t(`alerts:explain.${rule.kind}`)}</span>
        </span>
      </label>
      {threshold === 'minutes' ? (
        <Input
          label={t('alerts:rules.minutes')}
          name="thresholdMinutes"
          inputMode="numeric"
          className="w-32"
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          error={fieldErrors.thresholdMinutes}
        />
      ) : null}
      {threshold === 'balance_floor'
        ? CURRENCIES.map((currency) => (
            <Input
              key={currency}
              label={t('alerts:rules.floor', { currency })}
              name={`floor${currency}`}
              inputMode="numeric"
              className="w-40"
              value={floors[currency]}
              onChange={(event) => setFloors((current) => ({ ...current, [currency]: event.target.value }))}
              error={fieldErrors[`balanceFloors.${currency}`]}
            />
          ))
        : null}
      <Button type="submit" variant="secondary" isLoading={update.isPending}>
        {t('alerts:rules.save')}
      </Button>
      {formError ? <FormError>{formError}</FormError> : null}
    </form>
  );
}

/** Admins and Sub Admins: every rule, saved one by one. */
export function AlertRulesForm() {
  const { t } = useTranslation(['alerts']);
  const rules = useAlertRules();
  return (
    <section aria-labelledby="alert-rules-heading" className="flex flex-col gap-2">
      <h2 id="alert-rules-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
        {t('alerts:rules.heading')}
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-300">{t('alerts:rules.intro')}</p>
      {rules.data?.map((rule) => (
        <AlertRuleRow key={rule.kind} rule={rule} />
      ))}
    </section>
  );
}
