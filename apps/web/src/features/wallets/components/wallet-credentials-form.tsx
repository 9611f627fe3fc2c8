import type { WalletAccount } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useSetWalletCredentials } from '../api/set-wallet-credentials';
import { CredentialFields, type CredentialValues } from './credential-fields';

const FIELDS = ['pin', 'password', 'mpin'] as const;

/** Write-only: shows which secrets are stored, never their values; typing one replaces it. */
export function WalletCredentialsForm({ account }: { account: WalletAccount }) {
  const { t } = useTranslation(['wallets']);
  const formatDateTime = useFormatDateTime();
  const save = useSetWalletCredentials();
  const splitError = useFormFieldErrors(FIELDS);
  const [values, setValues] = useState<CredentialValues>({});
  const { fieldErrors, formError } = splitError(save.error);
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (Object.keys(given).length === 0) return;
    save.mutate(
      { id: account.id, credentials: given },
      {
        onSuccess: () => {
          setValues({});
          toast.success(t('wallets:credentials.saved'));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <h3 className="text-base font-semibold">{t('wallets:credentials.heading')}</h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {account.credentialsUpdatedAt
          ? t('wallets:credentials.updatedAt', { when: formatDateTime(account.credentialsUpdatedAt) })
          : t('wallets:credentials.noneSet')}
      </p>
      {formError ? <FormError>{formError}</FormError> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <CredentialFields
          provider={account.provider}
          values={values}
          onChange={setValues}
          errors={fieldErrors}
          hint={(field) =>
            account.credentialsSet.includes(field) ? t('wallets:credentials.isSet') : t('wallets:credentials.isMissing')
          }
        />
      </div>
      <Button
        type="submit"
        variant="primary"
        className="self-start"
        isLoading={save.isPending}
        disabled={Object.keys(given).length === 0}
      >
        {t('wallets:credentials.save')}
      </Button>
    </form>
  );
}
