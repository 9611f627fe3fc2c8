import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '@gerbang/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError, NO_REFRESH_TOKEN_MESSAGE } from './http-error';

export type ApiError = { code: ErrorCode; message: string; fields?: Record<string, string> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/**
 * The contract's `errorResponseSchema`, checked by hand: every page shows API errors, and zod
 * would otherwise ship with the sign-in page. The `ErrorResponse` type keeps the two in step.
 */
function readErrorBody(data: unknown): ErrorResponse['error'] | null {
  if (!isRecord(data) || typeof data.requestId !== 'string' || !isRecord(data.error)) return null;
  const { code, message, fields } = data.error;
  if (!isErrorCode(code) || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (!isRecord(fields) || !Object.values(fields).every((value) => typeof value === 'string')) return null;
  return { code, message, fields: { ...(fields as Record<string, string>) } };
}

/** Reads any thrown value into the one error shape (STYLE.md habit 4). */
export function parseApiError(error: unknown): ApiError {
  if (isHttpError(error)) {
    if (!error.response) {
      // No answer at all: offline, DNS, CORS, or the 3-minute timeout.
      return { code: 'SERVICE_UNAVAILABLE', message: error.message };
    }
    return readErrorBody(error.response.data) ?? { code: 'INTERNAL', message: error.message };
  }
  if (error instanceof Error && error.message === NO_REFRESH_TOKEN_MESSAGE) {
    return { code: 'SESSION_INVALID', message: error.message };
  }
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The one place an error code becomes a translated message. Validation messages name the field
 * that is wrong, which only the server knows, so its message wins for that code; a decision that
 * contradicts a record names the record (its evidence, in the fields) inside the translated text.
 */
export function useApiErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      const parsed = parseApiError(error);
      if (parsed.code === 'VALIDATION_FAILED' && parsed.message) return parsed.message;
      return t(`errors:${parsed.code}`, { evidence: Object.values(parsed.fields ?? {}).join('; ') });
    },
    [t],
  );
}
