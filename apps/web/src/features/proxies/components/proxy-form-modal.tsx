import { PROXY_TYPES, type ProxyEntry, type ProxyType, type UpdateProxyBody } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useCreateProxy } from '../api/create-proxy';
import { useUpdateProxy } from '../api/update-proxy';

const PROXY_FIELDS = ['type', 'host', 'port', 'username', 'password', 'label'] as const;

import { hostPort } from './host-port';

const CREDENTIAL_MAX_LENGTH = 200;
const LABEL_MAX_LENGTH = 100;

type ProxyFormModalProps = { proxy?: ProxyEntry; onClose: () => void };

/**
 * Add (no `proxy`) or edit. The password is write-only: editing shows it empty ("unchanged"),
 * sends it only when typed, and clears it only when asked to. Rendered only while open.
 */
export function ProxyFormModal({ proxy, onClose }: ProxyFormModalProps) {
  const { t } = useTranslation(['proxies']);
  const create = useCreateProxy();
  const update = useUpdateProxy();
  const mutation = proxy ? update : create;
  const splitError = useFormFieldErrors(PROXY_FIELDS);
  const [type, setType] = useState<ProxyType>(proxy?.type ?? 'http');
  const [host, setHost] = useState(proxy?.host ?? '');
  const [port, setPort] = useState(proxy ? String(proxy.port) : '');
  const [username, setUsername] = useState(proxy?.username ?? '');
  const [password, setPassword] = useState('');
  const [clearPassword, setClearPassword] = useState(false);
  const [label, setLabel] = useState(proxy?.label ?? '');
  const [localErrors, setLocalErrors] = useState<{ host?: string; port?: string }>({});
  const { fieldErrors, formError } = splitError(mutation.error);

  const validate = () => {
    const portNumber = Number(port);
    const errors = {
      host: host.trim() ? undefined : t('proxies:validation.required'),
      port:
        Number.isInteger(portNumber) && portNumber >= 1 && portNumber <= 65535
          ? undefined
          : t('proxies:validation.port'),
    };
    setLocalErrors(errors);
    return !errors.host && !errors.port;
  };

  const done = (message: string) => {
    toast.success(message);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validate()) return;
    const fields = { type, host: host.trim(), port: Number(port), label: label.trim() };
    if (!proxy) {
      create.mutate(
        { ...fields, ...(username ? { username } : {}), ...(password ? { password } : {}) },
        { onSuccess: (created) => done(t('proxies:form.created', { address: hostPort(created.host, created.port) })) },
      );
      return;
    }
    // PATCH only what changed; the password is sent when typed, null when cleared, else left out.
    const body: UpdateProxyBody = {};
    if (fields.type !== proxy.type) body.type = fields.type;
    if (fields.host !== proxy.host) body.host = fields.host;
    if (fields.port !== proxy.port) body.port = fields.port;
    if ((username || null) !== proxy.username) body.username = username || null;
    if (fields.label !== proxy.label) body.label = fields.label;
    if (clearPassword) body.password = null;
    else if (password) body.password = password;
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: proxy.id, body },
      { onSuccess: (changed) => done(t('proxies:form.updated', { address: hostPort(changed.host, changed.port) })) },
    );
  };

  return (
    <FormModal
      title={proxy ? t('proxies:form.editTitle') : t('proxies:form.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={mutation.isPending}
      submitLabel={proxy ? t('proxies:form.save') : t('proxies:form.add')}
      cancelLabel={t('proxies:actions.cancel')}
      formClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      {formError ? (
        <div className="sm:col-span-2">
          <FormError>{formError}</FormError>
        </div>
      ) : null}
      <Select
        label={t('proxies:fields.type')}
        name="type"
        required
        options={PROXY_TYPES.map((value) => ({ value, label: t(`proxies:types.${value}`) }))}
        value={type}
        onChange={(event) => setType(PROXY_TYPES.find((value) => value === event.target.value) ?? 'http')}
        error={fieldErrors.type}
      />
      <Input
        label={t('proxies:fields.label')}
        name="label"
        autoComplete="off"
        maxLength={LABEL_MAX_LENGTH}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        error={fieldErrors.label}
      />
      <Input
        label={t('proxies:fields.host')}
        name="host"
        autoComplete="off"
        required
        placeholder="proxy.example.com"
        value={host}
        onChange={(event) => setHost(event.target.value)}
        error={localErrors.host ?? fieldErrors.host}
      />
      <Input
        label={t('proxies:fields.port')}
        name="port"
        type="number"
        inputMode="numeric"
        min={1}
        max={65535}
        step={1}
        required
        value={port}
        onChange={(event) => setPort(event.target.value)}
        error={localErrors.port ?? fieldErrors.port}
      />
      <Input
        label={t('proxies:fields.username')}
        name="username"
        autoComplete="off"
        maxLength={CREDENTIAL_MAX_LENGTH}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={fieldErrors.username}
      />
      <Input
        label={t('proxies:fields.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={CREDENTIAL_MAX_LENGTH}
        placeholder={proxy?.hasPassword ? t('proxies:form.passwordUnchanged') : undefined}
        disabled={clearPassword}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      {proxy?.hasPassword ? (
        <label className="flex items-center gap-2 text-sm text-gray-800 sm:col-span-2 dark:text-gray-200">
          <input
            type="checkbox"
            name="clearPassword"
            className="size-4"
            checked={clearPassword}
            onChange={(event) => {
              setClearPassword(event.target.checked);
              setPassword('');
            }}
          />
          {t('proxies:form.clearPassword')}
        </label>
      ) : null}
    </FormModal>
  );
}
