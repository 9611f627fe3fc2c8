import { useCallback } from 'react';
import { parseApiError, useApiErrorMessage } from '../lib/api-error';

/**
 * Splits a failed form request into messages next to the inputs and one message for the rest.
 * 422 `fields` are keyed like `body.email`; a 409 gets the translated conflict message under the
 * field it names (or under `conflictField` when it names none). The banner message is left out
 * only when the inputs explain every field the server named.
 */
export function useFormFieldErrors<F extends string>(shownFields: readonly F[], options: { conflictField?: F } = {}) {
  const apiErrorMessage = useApiErrorMessage();
  const { conflictField } = options;
  return useCallback(
    (error: unknown): { fieldErrors: Partial<Record<F, string>>; formError?: string } => {
      const fieldErrors: Partial<Record<F, string>> = {};
      if (!error) return { fieldErrors };
      const parsed = parseApiError(error);
      const isConflict = parsed.code === 'CONFLICT';
      const named = Object.entries(parsed.fields ?? {});
      if (isConflict && named.length === 0 && conflictField && shownFields.includes(conflictField)) {
        fieldErrors[conflictField] = apiErrorMessage(error);
        return { fieldErrors };
      }
      let hasOtherField = false;
      for (const [key, message] of named) {
        const field = key.replace(/^body\./, '') as F;
        if (shownFields.includes(field)) fieldErrors[field] = isConflict ? apiErrorMessage(error) : message;
        else hasOtherField = true;
      }
      const isShownInline = Object.keys(fieldErrors).length > 0 && !hasOtherField;
      return { fieldErrors, formError: isShownInline ? undefined : apiErrorMessage(error) };
    },
    [apiErrorMessage, shownFields, conflictField],
  );
}
