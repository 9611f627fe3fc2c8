import { type ErrorCode, errorResponseSchema } from '@gerbang/contract';
import axios from 'axios';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_REFRESH_TOKEN_MESSAGE } from './api-client';

export type ApiError = { code: ErrorCode; message: string; fields?: Record<string, string> };

/** Reads any thrown value into the one error shape (STYLE.md habit 4). */
export function parseApiError(error: unknown): ApiError {
  if (axios.isAxiosError(error)) {
    if (!error.response) {
      // No answer at all: offline, DNS, CORS, or the 3-minute timeout.
      return { code: 'SERVICE_UNAVAILABLE', message: error.message };
    }
    const parsed = errorResponseSchema.safeParse(error.response.data);
    if (parsed.success) return parsed.data.error;
    return { code: 'INTERNAL', message: error.message };
  }
  if (error instanceof Error && error.message === NO_REFRESH_TOKEN_MESSAGE) {
    return { code: 'SESSION_INVALID', message: error.message };
  }
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The one place an error code becomes a translated message. Validation messages name the field
 * that is wrong, which only the server knows, so its message wins for that code.
 */
export function useApiErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      const parsed = parseApiError(error);
      if (parsed.code === 'VALIDATION_FAILED' && parsed.message) return parsed.message;
      return t(`errors:${parsed.code}`);
    },
    [t],
  );
}
