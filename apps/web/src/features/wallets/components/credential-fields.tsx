import { CREDENTIAL_FIELDS_OF_PROVIDER, type WalletCredentialField, type WalletProvider } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';

export type CredentialValues = Partial<Record<WalletCredentialField, string>>;

/** The provider's secrets as password inputs; never pre-filled (the server never returns them). */
export function CredentialFields({
  provider,
  values,
  onChange,
  errors = {},
  hint,
}: {
  provider: WalletProvider;
  values: CredentialValues;
  onChange: (values: CredentialValues) => void;
  errors?: Partial<Record<WalletCredentialField, string>>;
  hint?: (field: WalletCredentialField) => string | undefined;
}) {
  const { t } = useTranslation(['wallets']);
  return (
    <>
      {CREDENTIAL_FIELDS_OF_PROVIDER[provider].map((field) => (
        <div key={field} className="flex flex-col gap-1">
          <Input
            label={t(`wallets:credentials.${field}`)}
            name={field}
            type="password"
            autoComplete="new-password"
            value={values[field] ?? ''}
            error={errors[field]}
            onChange={(event) => onChange({ ...values, [field]: event.target.value })}
          />
          {hint?.(field) ? <p className="text-xs text-gray-700 dark:text-gray-300">{hint(field)}</p> : null}
        </div>
      ))}
    </>
  );
}
