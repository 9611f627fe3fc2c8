import { ROLE_IDS, ROLE_KEYS, type RoleId } from '@gerbang/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSecondFactorPolicy, useUpdateSecondFactorPolicy } from '../api/second-factor';

/** An Admin chooses which roles must sign in with a second factor (all off by default). */
export function SecondFactorPolicyForm() {
  const { t } = useTranslation(['accountSecurity', 'common']);
  const apiErrorMessage = useApiErrorMessage();
  const policy = useSecondFactorPolicy();
  const update = useUpdateSecondFactorPolicy();
  const [required, setRequired] = useState<ReadonlySet<RoleId>>(new Set());

  useEffect(() => {
    if (policy.data) setRequired(new Set(policy.data.roles.filter((r) => r.required).map((r) => r.roleId)));
  }, [policy.data]);

  if (policy.isPending) return <Spinner />;
  if (policy.isError) return <FormError>{apiErrorMessage(policy.error)}</FormError>;

  const toggle = (roleId: RoleId) =>
    setRequired((current) => {
      const next = new Set(current);
      if (next.has(roleId)) next.delete(roleId);
      else next.add(roleId);
      return next;
    });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { roles: ROLE_IDS.map((roleId) => ({ roleId, required: required.has(roleId) })) },
      { onSuccess: () => toast.success(t('accountSecurity:policy.saved')) },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {update.isError ? <FormError>{apiErrorMessage(update.error)}</FormError> : null}
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-gray-900 dark:text-white">
          {t('accountSecurity:policy.legend')}
        </legend>
        {ROLE_IDS.map((roleId) => (
          <label key={roleId} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={`required-${ROLE_KEYS[roleId]}`}
              checked={required.has(roleId)}
              onChange={() => toggle(roleId)}
              className="size-4"
            />
            {t(`common:roles.${ROLE_KEYS[roleId]}`)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="primary" isLoading={update.isPending}>
        {t('accountSecurity:policy.save')}
      </Button>
    </form>
  );
}
