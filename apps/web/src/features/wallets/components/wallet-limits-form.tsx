import type { WalletAccount } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useUpdateWallet } from '../api/update-wallet';

const FIELDS = ['dailyIncomingAmount', 'dailyIncomingCount', 'dailyOutgoingAmount', 'dailyOutgoingCount'] as const;
type Field = (typeof FIELDS)[number];
const LIMIT_FIELDS = FIELDS.map((field) => `limits.${field}` as const);

/** Daily limits: an amount in the account's currency or a count, empty for none. */
export function WalletLimitsForm({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const update = useUpdateWallet();
  const splitError = useFormFieldErrors(LIMIT_FIELDS);
  const initial = Object.fromEntries(
    FIELDS.map((f) => [f, account.limits[f] === null ? '' : String(account.limits[f])]),
  ) as Record<Field, string>;
  const [values, setValues] = useState(initial);
  const [countErrors, setCountErrors] = useState<Partial<Record<Field, string>>>({});
  const { fieldErrors, formError } = splitError(update.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    const count = (field: Field) => {
      const text = values[field].trim();
      if (!text) return null;
      if (!/^\d+$/.test(text) || Number(text) < 1) errors[field] = t('wallets:validation.count');
      return Number(text);
    };
    const limits = {
      dailyIncomingAmount: values.dailyIncomingAmount.trim() || null,
      dailyIncomingCount: count('dailyIncomingCount'),
      dailyOutgoingAmount: values.dailyOutgoingAmount.trim() || null,
      dailyOutgoingCount: count('dailyOutgoingCount'),
    };
    setCountErrors(errors);
    if (Object.keys(errors).length > 0) return;
    update.mutate({ id: account.id, limits }, { onSuccess: () => toast.success(t('wallets:limits.saved')) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <h3 className="text-base font-semibold">{t('wallets:limits.heading', { currency: account.currency })}</h3>
      {formError ? <FormError>{formError}</FormError> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <Input
            key={field}
            label={t(`wallets:limits.${field}`)}
            name={field}
            inputMode={field.endsWith('Count') ? 'numeric' : 'decimal'}
            placeholder={t('wallets:limits.none')}
            value={values[field]}
            error={countErrors[field] ?? fieldErrors[`limits.${field}`]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
        ))}
      </div>
      <Button type="submit" variant="primary" className="self-start" isLoading={update.isPending}>
        {t('wallets:limits.save')}
      </Button>
    </form>
  );
}
