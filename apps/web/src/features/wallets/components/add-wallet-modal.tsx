import { normalizeAccountNumber, type WalletProvider } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useCreateWallet } from '../api/create-wallet';
import { useDeviceOptions } from '../api/get-device-options';
import { CredentialFields, type CredentialValues } from './credential-fields';
import { walletDetailPath } from './wallet-path';

const FIELDS = ['deviceId', 'accountNumber', 'holderName', 'label', 'pin', 'password', 'mpin'] as const;
type Field = (typeof FIELDS)[number];

/** Puts a new account of the provider on a phone; credentials may be set now or later. */
export function AddWalletModal({ provider, onClose }: { provider: WalletProvider; onClose: () => void }) {
  const { t } = useTranslation(['wallets']);
  const navigate = useNavigate();
  const create = useCreateWallet();
  const splitError = useFormFieldErrors(FIELDS, { conflictField: 'accountNumber' });
  const [deviceSearch, setDeviceSearch] = useState('');
  const devices = useDeviceOptions(useDebouncedValue(deviceSearch.trim(), 300));
  const [values, setValues] = useState({ deviceId: '', accountNumber: '', holderName: '', label: '' });
  const [credentials, setCredentials] = useState<CredentialValues>({});
  const [localErrors, setLocalErrors] = useState<Partial<Record<Field, string>>>({});
  const { fieldErrors, formError } = splitError(create.error);
  const errors = { ...fieldErrors, ...localErrors };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (!values.deviceId) next.deviceId = t('wallets:validation.required');
    const number = normalizeAccountNumber(provider, values.accountNumber);
    if (!number.ok) {
      next.accountNumber = t(
        [`wallets:validation.accountNumber.${provider}`, 'wallets:validation.accountNumberOfProvider'],
        { name: t(`common:providers.${provider}`) },
      );
    }
    if (!values.holderName.trim()) next.holderName = t('wallets:validation.required');
    setLocalErrors(next);
    if (Object.keys(next).length > 0 || !number.ok) return;
    const given = Object.fromEntries(Object.entries(credentials).filter(([, v]) => v));
    create.mutate(
      {
        provider,
        deviceId: values.deviceId,
        accountNumber: number.value,
        holderName: values.holderName.trim(),
        label: values.label.trim(),
        ...(Object.keys(given).length > 0 ? { credentials: given } : {}),
      },
      {
        onSuccess: (account) => {
          toast.success(t('wallets:add.done', { name: account.label || account.accountNumber }));
          onClose();
          void navigate(walletDetailPath(provider, account.id));
        },
      },
    );
  };

  const deviceOptions = [
    { value: '', label: t('wallets:add.pickDevice') },
    ...(devices.data ?? []).map((d) => ({ value: d.id, label: d.label ? `${d.name} (${d.label})` : d.name })),
  ];
  return (
    <FormModal
      title={t('wallets:add.title', { provider: t(`common:providers.${provider}`) })}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={create.isPending}
      submitLabel={t('wallets:add.submit')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <Input
        label={t('wallets:add.findDevice')}
        name="deviceSearch"
        type="search"
        value={deviceSearch}
        onChange={(event) => setDeviceSearch(event.target.value)}
      />
      <Select
        label={t('wallets:fields.device')}
        name="deviceId"
        required
        options={deviceOptions}
        value={values.deviceId}
        error={errors.deviceId}
        onChange={(event) => setValues({ ...values, deviceId: event.target.value })}
      />
      <Input
        label={t([`wallets:fields.accountNumberOf.${provider}`, 'wallets:fields.accountNumberOfProvider'], {
          name: t(`common:providers.${provider}`),
        })}
        name="accountNumber"
        required
        inputMode="tel"
        autoComplete="off"
        maxLength={30}
        value={values.accountNumber}
        error={errors.accountNumber}
        onChange={(event) => setValues({ ...values, accountNumber: event.target.value })}
      />
      <Input
        label={t('wallets:fields.holderName')}
        name="holderName"
        required
        maxLength={100}
        value={values.holderName}
        error={errors.holderName}
        onChange={(event) => setValues({ ...values, holderName: event.target.value })}
      />
      <Input
        label={t('wallets:fields.label')}
        name="label"
        maxLength={100}
        value={values.label}
        error={errors.label}
        onChange={(event) => setValues({ ...values, label: event.target.value })}
      />
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('wallets:credentials.intro')}</p>
      <CredentialFields provider={provider} values={credentials} onChange={setCredentials} errors={errors} />
    </FormModal>
  );
}
