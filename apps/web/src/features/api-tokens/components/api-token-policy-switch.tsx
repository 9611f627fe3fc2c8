import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useApiTokenPolicy, useUpdateApiTokenPolicy } from '../api/api-tokens';

/** The merchant requires (or not) allowed networks on tokens that move money out; the operator may require it for everyone. */
export function ApiTokenPolicySwitch() {
  const { t } = useTranslation(['apiTokens']);
  const apiErrorMessage = useApiErrorMessage();
  const policy = useApiTokenPolicy();
  const update = useUpdateApiTokenPolicy();
  if (!policy.data) return null;
  const { allowlistRequiredForMoneyOut, requiredByOperator } = policy.data;
  return (
    <div className="flex flex-col gap-1">
      {update.isError ? <FormError>{apiErrorMessage(update.error)}</FormError> : null}
      <label className="flex items-start gap-2 text-sm text-gray-800 dark:text-gray-200">
        <input
          type="checkbox"
          name="allowlistRequired"
          className="mt-0.5 size-4"
          checked={allowlistRequiredForMoneyOut || requiredByOperator}
          disabled={requiredByOperator || update.isPending}
          onChange={(event) => update.mutate(event.target.checked)}
          aria-describedby="allowlist-required-hint"
        />
        <span>{t('apiTokens:policy.requireNetworks')}</span>
      </label>
      <p id="allowlist-required-hint" className="ms-6 text-xs text-gray-600 dark:text-gray-400">
        {t('apiTokens:policy.requireNetworksHint')}
      </p>
      {requiredByOperator ? (
        <p className="text-xs text-gray-600 dark:text-gray-400">{t('apiTokens:policy.byOperator')}</p>
      ) : null}
    </div>
  );
}
