import {
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  type ApiTokenWithSecret,
  canUser,
  SCOPE_NEEDS,
} from '@gerbang/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FIELD_BORDER_CLASS,
  FIELD_CONTROL_CLASS,
  FIELD_HINT_CLASS,
  FIELD_LABEL_CLASS,
} from '../../../components/ui/field-styles';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useSession } from '../../../lib/session';
import { useCreateApiToken } from '../api/api-tokens';

const FIELDS = ['name', 'scopes', 'expiresAt', 'allowedNetworks'] as const;
/** Expiry choices in days; 0: never. */
export const EXPIRY_DAYS = [30, 90, 365, 0] as const;

type CreateApiTokenModalProps = { onClose: () => void; onCreated: (token: ApiTokenWithSecret) => void };

/** Name, scopes and expiry of a new token; the secret comes back once, to the caller. */
export function CreateApiTokenModal({ onClose, onCreated }: CreateApiTokenModalProps) {
  const { t } = useTranslation(['apiTokens']);
  const { user } = useSession();
  // A token does what its maker could: a member who moves no money gives no money-out scope.
  const givable = API_TOKEN_SCOPES.filter((scope) => {
    const need = SCOPE_NEEDS[scope];
    return !need || canUser(user, need.area, need.action);
  });
  const create = useCreateApiToken();
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS)(create.error);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['payments:write', 'payments:read']);
  const [expiryDays, setExpiryDays] = useState<number>(90);
  const [nameError, setNameError] = useState<string | undefined>();
  const [networks, setNetworks] = useState('');
  const networksId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    setNameError(trimmed ? undefined : t('apiTokens:validation.required'));
    if (!trimmed || scopes.length === 0) return;
    const expiresAt = expiryDays > 0 ? new Date(Date.now() + expiryDays * 86_400_000).toISOString() : null;
    const allowedNetworks = networks
      .split(/[\s,]+/)
      .map((network) => network.trim())
      .filter(Boolean);
    create.mutate({ name: trimmed, scopes, expiresAt, allowedNetworks }, { onSuccess: onCreated });
  };
  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <FormModal
      title={t('apiTokens:create.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={create.isPending}
      submitLabel={t('apiTokens:create.submit')}
      cancelLabel={t('apiTokens:actions.cancel')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <Input
        label={t('apiTokens:fields.name')}
        name="name"
        required
        autoComplete="off"
        maxLength={API_TOKEN_NAME_MAX_LENGTH}
        placeholder={t('apiTokens:create.namePlaceholder')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError ?? fieldErrors.name}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{t('apiTokens:fields.scopes')}</legend>
        {givable.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm text-gray-800 dark:text-gray-200">
            <input
              type="checkbox"
              name="scopes"
              value={scope}
              className="mt-0.5 size-4"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span>
              <code className="font-mono">{scope}</code> — {t(`apiTokens:scopes.${scope}`)}
            </span>
          </label>
        ))}
        {scopes.length === 0 ? <FormError>{t('apiTokens:validation.scopes')}</FormError> : null}
        {fieldErrors.scopes ? <FormError>{fieldErrors.scopes}</FormError> : null}
      </fieldset>
      <Select
        label={t('apiTokens:fields.expiry')}
        name="expiry"
        value={String(expiryDays)}
        onChange={(event) => setExpiryDays(Number(event.target.value))}
        options={EXPIRY_DAYS.map((days) => ({
          value: String(days),
          label: days === 0 ? t('apiTokens:expiry.never') : t('apiTokens:expiry.days', { count: days }),
        }))}
        error={fieldErrors.expiresAt}
      />
      <div>
        <label htmlFor={networksId} className={FIELD_LABEL_CLASS}>
          {t('apiTokens:fields.allowedNetworks')}
        </label>
        <textarea
          id={networksId}
          name="allowedNetworks"
          rows={3}
          spellCheck={false}
          autoComplete="off"
          placeholder={'203.0.113.0/24\n2001:db8::/32'}
          aria-describedby={`${networksId}-hint`}
          aria-invalid={fieldErrors.allowedNetworks ? true : undefined}
          className={`${FIELD_CONTROL_CLASS} ${FIELD_BORDER_CLASS} font-mono`}
          value={networks}
          onChange={(event) => setNetworks(event.target.value)}
        />
        <p id={`${networksId}-hint`} className={`mt-1 ${FIELD_HINT_CLASS}`}>
          {t('apiTokens:create.networksHint')}
        </p>
        {fieldErrors.allowedNetworks ? <FormError>{fieldErrors.allowedNetworks}</FormError> : null}
      </div>
    </FormModal>
  );
}
