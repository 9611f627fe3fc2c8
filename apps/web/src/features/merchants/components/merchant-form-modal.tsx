import {
  CURRENCIES,
  CURRENCY_OF_PROVIDER,
  type Currency,
  type Merchant,
  type MerchantWithSecret,
  PAYMENT_TIME_LIMIT_MINUTES,
  PAYOUT_NAME_POLICIES,
  PAYOUT_NAME_POLICY_DEFAULT,
  type PayoutNamePolicy,
  type UpdateMerchantBody,
  WALLET_PROVIDERS,
  type WalletProvider,
} from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useCreateMerchant, useUpdateMerchant } from '../api/merchant-mutations';

const FIELDS = [
  'name',
  'code',
  'currency',
  'depositFeePercent',
  'depositFeeFixed',
  'withdrawalFeePercent',
  'withdrawalFeeFixed',
  'minAmount',
  'maxAmount',
  'allowedMethods',
  'callbackUrl',
  'embedOrigins',
  'paymentTimeLimitMinutes',
  'payoutNamePolicy',
] as const;

/** Amounts in the merchant's currency, typed as decimal text (the server checks the decimals). */
const AMOUNT_FIELDS = ['depositFeeFixed', 'withdrawalFeeFixed', 'minAmount', 'maxAmount'] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];

type MerchantFormModalProps = {
  merchant?: Merchant;
  onClose: () => void;
  onCreated: (merchant: MerchantWithSecret) => void;
};

const originsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const sameList = (a: readonly string[], b: readonly string[]) => a.join(' ') === b.join(' ');

/**
 * Add (no `merchant`) or edit. The code and the currency are chosen once; the payment methods on
 * offer follow the currency. Rendered only while open.
 */
export function MerchantFormModal({ merchant, onClose, onCreated }: MerchantFormModalProps) {
  const { t } = useTranslation(['merchants']);
  const create = useCreateMerchant();
  const update = useUpdateMerchant();
  const mutation = merchant ? update : create;
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS, { conflictField: 'code' })(mutation.error);
  const [name, setName] = useState(merchant?.name ?? '');
  const [code, setCode] = useState(merchant?.code ?? '');
  const [currency, setCurrency] = useState<Currency>(merchant?.currency ?? 'IDR');
  const [feePercent, setFeePercent] = useState(merchant?.depositFeePercent ?? '0');
  const [withdrawalFeePercent, setWithdrawalFeePercent] = useState(merchant?.withdrawalFeePercent ?? '0');
  const [amounts, setAmounts] = useState<Record<AmountField, string>>({
    depositFeeFixed: merchant?.depositFeeFixed ?? '0',
    withdrawalFeeFixed: merchant?.withdrawalFeeFixed ?? '0',
    minAmount: merchant?.minAmount ?? '',
    maxAmount: merchant?.maxAmount ?? '',
  });
  const [methods, setMethods] = useState<WalletProvider[]>(merchant?.allowedMethods ?? []);
  const [callbackUrl, setCallbackUrl] = useState(merchant?.callbackUrl ?? '');
  const [origins, setOrigins] = useState((merchant?.embedOrigins ?? []).join(' '));
  const [timeLimit, setTimeLimit] = useState(
    String(merchant?.paymentTimeLimitMinutes ?? PAYMENT_TIME_LIMIT_MINUTES.default),
  );
  const [linksEnabled, setLinksEnabled] = useState(merchant?.paymentLinksEnabled ?? false);
  const [namePolicy, setNamePolicy] = useState<PayoutNamePolicy>(
    merchant?.payoutNamePolicy ?? PAYOUT_NAME_POLICY_DEFAULT,
  );
  const offered = WALLET_PROVIDERS.filter((method) => CURRENCY_OF_PROVIDER[method] === currency);

  const toggle = (method: WalletProvider, on: boolean) =>
    setMethods((current) => (on ? [...current, method] : current.filter((m) => m !== method)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const terms = {
      name: name.trim(),
      depositFeePercent: feePercent.trim(),
      depositFeeFixed: amounts.depositFeeFixed.trim(),
      withdrawalFeePercent: withdrawalFeePercent.trim(),
      withdrawalFeeFixed: amounts.withdrawalFeeFixed.trim(),
      minAmount: amounts.minAmount.trim(),
      maxAmount: amounts.maxAmount.trim(),
      allowedMethods: methods.filter((method) => offered.includes(method)),
      embedOrigins: originsOf(origins),
      paymentTimeLimitMinutes: Number(timeLimit),
      paymentLinksEnabled: linksEnabled,
      payoutNamePolicy: namePolicy,
    };
    if (!merchant) {
      create.mutate(
        { ...terms, code: code.trim(), currency, ...(callbackUrl.trim() ? { callbackUrl: callbackUrl.trim() } : {}) },
        { onSuccess: onCreated },
      );
      return;
    }
    // PATCH only what changed.
    const body: UpdateMerchantBody = {};
    if (terms.name !== merchant.name) body.name = terms.name;
    if (terms.depositFeePercent !== merchant.depositFeePercent) body.depositFeePercent = terms.depositFeePercent;
    if (terms.depositFeeFixed !== merchant.depositFeeFixed) body.depositFeeFixed = terms.depositFeeFixed;
    if (terms.withdrawalFeePercent !== merchant.withdrawalFeePercent) {
      body.withdrawalFeePercent = terms.withdrawalFeePercent;
    }
    if (terms.withdrawalFeeFixed !== merchant.withdrawalFeeFixed) body.withdrawalFeeFixed = terms.withdrawalFeeFixed;
    if (terms.minAmount !== merchant.minAmount) body.minAmount = terms.minAmount;
    if (terms.maxAmount !== merchant.maxAmount) body.maxAmount = terms.maxAmount;
    if (!sameList(terms.allowedMethods, merchant.allowedMethods)) body.allowedMethods = terms.allowedMethods;
    if ((callbackUrl.trim() || null) !== merchant.callbackUrl) body.callbackUrl = callbackUrl.trim() || null;
    if (!sameList(terms.embedOrigins, merchant.embedOrigins)) body.embedOrigins = terms.embedOrigins;
    if (terms.paymentTimeLimitMinutes !== merchant.paymentTimeLimitMinutes) {
      body.paymentTimeLimitMinutes = terms.paymentTimeLimitMinutes;
    }
    if (terms.paymentLinksEnabled !== merchant.paymentLinksEnabled)
      body.paymentLinksEnabled = terms.paymentLinksEnabled;
    if (terms.payoutNamePolicy !== merchant.payoutNamePolicy) body.payoutNamePolicy = terms.payoutNamePolicy;
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: merchant.id, body },
      {
        onSuccess: (changed) => {
          toast.success(t('merchants:form.updated', { name: changed.name }));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={merchant ? t('merchants:form.editTitle') : t('merchants:form.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={mutation.isPending}
      submitLabel={merchant ? t('merchants:form.save') : t('merchants:form.add')}
      cancelLabel={t('merchants:actions.cancel')}
      formClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      {formError ? (
        <div className="sm:col-span-2">
          <FormError>{formError}</FormError>
        </div>
      ) : null}
      <Input
        label={t('merchants:fields.name')}
        name="name"
        required
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name}
      />
      <Input
        label={t('merchants:fields.code')}
        name="code"
        required
        autoComplete="off"
        disabled={Boolean(merchant)}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldErrors.code}
      />
      <Select
        label={t('merchants:fields.currency')}
        name="currency"
        required
        disabled={Boolean(merchant)}
        options={CURRENCIES.map((value) => ({ value, label: value }))}
        value={currency}
        onChange={(event) => setCurrency(CURRENCIES.find((value) => value === event.target.value) ?? 'IDR')}
        error={fieldErrors.currency}
      />
      <Input
        label={t('merchants:fields.paymentTimeLimitMinutes')}
        name="paymentTimeLimitMinutes"
        type="number"
        inputMode="numeric"
        min={PAYMENT_TIME_LIMIT_MINUTES.min}
        max={PAYMENT_TIME_LIMIT_MINUTES.max}
        required
        value={timeLimit}
        onChange={(event) => setTimeLimit(event.target.value)}
        error={fieldErrors.paymentTimeLimitMinutes}
      />
      <Input
        label={t('merchants:fields.depositFeePercent')}
        name="depositFeePercent"
        inputMode="decimal"
        required
        value={feePercent}
        onChange={(event) => setFeePercent(event.target.value)}
        error={fieldErrors.depositFeePercent}
      />
      <Input
        label={t('merchants:fields.withdrawalFeePercent')}
        name="withdrawalFeePercent"
        inputMode="decimal"
        required
        value={withdrawalFeePercent}
        onChange={(event) => setWithdrawalFeePercent(event.target.value)}
        error={fieldErrors.withdrawalFeePercent}
      />
      {AMOUNT_FIELDS.map((field) => (
        <Input
          key={field}
          label={t(`merchants:fields.${field}`, { currency })}
          name={field}
          inputMode="decimal"
          required
          value={amounts[field]}
          onChange={(event) => setAmounts((current) => ({ ...current, [field]: event.target.value }))}
          error={fieldErrors[field]}
        />
      ))}
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">
          {t('merchants:fields.allowedMethods')}
        </legend>
        <div className="flex flex-wrap gap-4">
          {offered.map((method) => (
            <label key={method} className="flex items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
              <input
                type="checkbox"
                name="allowedMethods"
                value={method}
                className="size-4"
                checked={methods.includes(method)}
                onChange={(event) => toggle(method, event.target.checked)}
              />
              {t(`common:providers.${method}`)}
            </label>
          ))}
        </div>
        {fieldErrors.allowedMethods ? <FormError>{fieldErrors.allowedMethods}</FormError> : null}
      </fieldset>
      <Input
        label={t('merchants:fields.callbackUrl')}
        name="callbackUrl"
        type="url"
        autoComplete="off"
        placeholder="https://shop.example.com/gerbang/webhook"
        value={callbackUrl}
        onChange={(event) => setCallbackUrl(event.target.value)}
        error={fieldErrors.callbackUrl}
      />
      <Input
        label={t('merchants:fields.embedOrigins')}
        name="embedOrigins"
        autoComplete="off"
        placeholder="https://shop.example.com"
        value={origins}
        onChange={(event) => setOrigins(event.target.value)}
        error={fieldErrors.embedOrigins}
      />
      <Select
        label={t('merchants:fields.payoutNamePolicy')}
        name="payoutNamePolicy"
        options={PAYOUT_NAME_POLICIES.map((value) => ({ value, label: t(`merchants:payoutNamePolicies.${value}`) }))}
        value={namePolicy}
        onChange={(event) =>
          setNamePolicy(
            PAYOUT_NAME_POLICIES.find((value) => value === event.target.value) ?? PAYOUT_NAME_POLICY_DEFAULT,
          )
        }
        error={fieldErrors.payoutNamePolicy}
      />
      <label className="flex items-start gap-2 text-sm text-gray-800 sm:col-span-2 dark:text-gray-200">
        <input
          type="checkbox"
          name="paymentLinksEnabled"
          className="mt-0.5 size-4"
          checked={linksEnabled}
          onChange={(event) => setLinksEnabled(event.target.checked)}
        />
        <span>
          {t('merchants:fields.paymentLinksEnabled')}
          <span className="block text-xs text-gray-600 dark:text-gray-400">
            {t('merchants:fields.paymentLinksHint')}
          </span>
        </span>
      </label>
    </FormModal>
  );
}
