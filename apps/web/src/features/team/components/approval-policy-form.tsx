import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useTeamPolicy, useUpdateTeamPolicy } from '../api/team';

const FIELDS = ['approvalAbove'] as const;

/** The owner's amount above which money out another member asks for waits for an owner (empty: none). */
export function ApprovalPolicyForm() {
  const { t } = useTranslation(['team']);
  const policy = useTeamPolicy();
  const update = useUpdateTeamPolicy();
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS)(update.error);
  const [amount, setAmount] = useState('');
  useEffect(() => setAmount(policy.data?.approvalAbove ?? ''), [policy.data?.approvalAbove]);
  if (!policy.data) return null;
  const { secondFactorRequired } = policy.data;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { secondFactorRequired, approvalAbove: amount.trim() === '' ? null : amount.trim() },
      { onSuccess: () => toast.success(t('team:approvals.policySaved')) },
    );
  };
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
      <Input
        label={t('team:approvals.above')}
        name="approvalAbove"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={fieldErrors.approvalAbove ?? formError}
      />
      <Button type="submit" variant="secondary" isLoading={update.isPending}>
        {t('team:approvals.save')}
      </Button>
      <p className="basis-full text-xs text-gray-600 dark:text-gray-400">{t('team:approvals.aboveHint')}</p>
    </form>
  );
}
