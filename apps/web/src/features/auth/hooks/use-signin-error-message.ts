import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';
import { isHttpError } from '../../../lib/http-error';

const SECONDS_PER_MINUTE = 60;

/** Retry-After in seconds (the server never sends the HTTP-date form). */
function retryAfterSeconds(error: unknown): number | null {
  if (!isHttpError(error)) return null;
  const seconds = Number(error.response?.headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The translated server error, plus how long to wait when sign-in attempts are rate limited. */
export function useSigninErrorMessage() {
  const { t } = useTranslation(['auth']);
  const apiErrorMessage = useApiErrorMessage();
  return useCallback(
    (error: unknown): string => {
      const seconds = retryAfterSeconds(error);
      if (parseApiError(error).code === 'RATE_LIMITED' && seconds !== null) {
        return t('auth:signin.rateLimited', { minutes: Math.ceil(seconds / SECONDS_PER_MINUTE) });
      }
      return apiErrorMessage(error);
    },
    [t, apiErrorMessage],
  );
}
