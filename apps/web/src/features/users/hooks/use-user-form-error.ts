import { useCallback } from 'react';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';

type UserField = 'email' | 'name' | 'roleId';

/**
 * Splits a failed invite or edit into messages next to the inputs (422 `fields` keyed like
 * `body.email`; 409 means the email is taken) and one message for the rest.
 */
export function useUserFormError(shownFields: readonly UserField[]) {
  const apiErrorMessage = useApiErrorMessage();
  return useCallback(
    (error: unknown) => {
      const fieldErrors: Partial<Record<UserField, string>> = {};
      if (!error) return { fieldErrors, formError: undefined };
      const parsed = parseApiError(error);
      if (parsed.code === 'CONFLICT' && shownFields.includes('email')) {
        fieldErrors.email = apiErrorMessage(error);
        return { fieldErrors, formError: undefined };
      }
      let hasHiddenField = false;
      for (const [key, message] of Object.entries(parsed.fields ?? {})) {
        const field = key.replace(/^body\./, '') as UserField;
        if (shownFields.includes(field)) fieldErrors[field] = message;
        else hasHiddenField = true;
      }
      const isShownInline = Object.keys(fieldErrors).length > 0 && !hasHiddenField;
      return { fieldErrors, formError: isShownInline ? undefined : apiErrorMessage(error) };
    },
    [apiErrorMessage, shownFields],
  );
}
