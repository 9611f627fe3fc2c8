import { useCallback } from 'react';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';

export type ProxyField = 'type' | 'host' | 'port' | 'username' | 'password' | 'label';
const FIELDS: readonly ProxyField[] = ['type', 'host', 'port', 'username', 'password', 'label'];

/**
 * Splits a failed add or edit into messages next to the inputs (422 `fields` keyed like
 * `body.host`; 409 names the host too) and one message for anything no input explains.
 */
export function useProxyFormError() {
  const apiErrorMessage = useApiErrorMessage();
  return useCallback(
    (error: unknown) => {
      const fieldErrors: Partial<Record<ProxyField, string>> = {};
      if (!error) return { fieldErrors, formError: undefined };
      const parsed = parseApiError(error);
      let hasOtherField = false;
      for (const [key, message] of Object.entries(parsed.fields ?? {})) {
        const field = key.replace(/^body\./, '') as ProxyField;
        if (FIELDS.includes(field)) fieldErrors[field] = parsed.code === 'CONFLICT' ? apiErrorMessage(error) : message;
        else hasOtherField = true;
      }
      const isShownInline = Object.keys(fieldErrors).length > 0 && !hasOtherField;
      return { fieldErrors, formError: isShownInline ? undefined : apiErrorMessage(error) };
    },
    [apiErrorMessage],
  );
}
