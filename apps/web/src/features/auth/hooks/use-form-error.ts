import { PASSWORD_EQUALS_EMAIL_MESSAGE } from '@gerbang/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';

/**
 * Splits a failed request into what goes next to an input (422 `fields`, keyed like
 * `body.password`) and what goes in the form's banner (everything the inputs do not show).
 */
export function useFormError() {
  const { t } = useTranslation(['auth']);
  const apiErrorMessage = useApiErrorMessage();

  const fieldError = useCallback(
    (error: unknown, field: string): string | undefined => {
      if (!error) return undefined;
      const message = parseApiError(error).fields?.[`body.${field}`];
      // The one password rule only the server can check has a fixed message in the contract.
      if (message === PASSWORD_EQUALS_EMAIL_MESSAGE) return t('auth:password.equalsEmail');
      return message;
    },
    [t],
  );

  const bannerError = useCallback(
    (error: unknown, shownFields: readonly string[]): string | undefined => {
      if (!error) return undefined;
      const fieldKeys = Object.keys(parseApiError(error).fields ?? {});
      const isShownInline =
        fieldKeys.length > 0 && fieldKeys.every((key) => shownFields.includes(key.replace(/^body\./, '')));
      if (isShownInline) return undefined;
      return apiErrorMessage(error);
    },
    [apiErrorMessage],
  );

  return { fieldError, bannerError };
}
