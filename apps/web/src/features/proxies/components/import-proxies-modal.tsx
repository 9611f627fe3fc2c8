import { type ImportProxiesResponse, PROXY_TYPES, type ProxyType } from '@gerbang/contract';
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
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useImportProxies } from '../api/import-proxies';
import { ImportErrors } from './import-errors';

/**
 * One `host:port[:user:pass]` per line. Valid lines are created at once; the bad ones stay on
 * screen with their line numbers so they can be fixed and imported again.
 */
export function ImportProxiesModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['proxies']);
  const apiErrorMessage = useApiErrorMessage();
  const importProxies = useImportProxies();
  const linesId = useId();
  const [type, setType] = useState<ProxyType>('http');
  const [lines, setLines] = useState('');
  const [result, setResult] = useState<ImportProxiesResponse | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!lines.trim()) return;
    importProxies.mutate(
      { type, lines },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.errors.length === 0) {
            toast.success(t('proxies:import.success', { count: answer.created.length }));
            onClose();
          }
        },
      },
    );
  };

  return (
    <FormModal
      title={t('proxies:import.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={importProxies.isPending}
      submitLabel={t('proxies:import.submit')}
      cancelLabel={result ? t('proxies:actions.close') : t('proxies:actions.cancel')}
    >
      {importProxies.isError ? <FormError>{apiErrorMessage(importProxies.error)}</FormError> : null}
      {result ? <ImportErrors result={result} /> : null}
      <Select
        label={t('proxies:fields.type')}
        name="type"
        required
        options={PROXY_TYPES.map((value) => ({ value, label: t(`proxies:types.${value}`) }))}
        value={type}
        onChange={(event) => setType(PROXY_TYPES.find((value) => value === event.target.value) ?? 'http')}
      />
      <div>
        <label htmlFor={linesId} className={FIELD_LABEL_CLASS}>
          {t('proxies:import.lines')}
        </label>
        <textarea
          id={linesId}
          name="lines"
          rows={8}
          spellCheck={false}
          autoComplete="off"
          placeholder={'1.2.3.4:8080\nproxy.example.com:1080:user:password'}
          aria-describedby={`${linesId}-hint`}
          className={`${FIELD_CONTROL_CLASS} ${FIELD_BORDER_CLASS} font-mono`}
          value={lines}
          onChange={(event) => setLines(event.target.value)}
        />
        <p id={`${linesId}-hint`} className={`mt-1 ${FIELD_HINT_CLASS}`}>
          {t('proxies:import.hint')}
        </p>
      </div>
    </FormModal>
  );
}
