import type { ErrorCode, ErrorResponse } from './contract-types.js';

const EXCERPT_CHARS = 200;

export type ErrorDetails = {
  status: number;
  code: ErrorCode | 'UNEXPECTED_RESPONSE';
  message: string;
  fields?: Record<string, string>;
  requestId: string | null;
};

function isErrorResponse(value: unknown): value is ErrorResponse {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * An HTTP answer as the SDK hands it on: a 2xx's JSON body, or the details of an error. The body
 * is trusted to be what the contract says (the SDK carries no validator); only its JSON is checked.
 */
export function readAnswer(
  response: Response,
  text: string,
): { ok: true; value: unknown } | { ok: false; error: ErrorDetails } {
  const headerRequestId = response.headers.get('x-request-id');
  const parsed = text === '' ? { ok: true as const, value: undefined } : parseJson(text);
  if (response.ok && parsed.ok) return { ok: true, value: parsed.value };
  if (!response.ok && parsed.ok && isErrorResponse(parsed.value)) {
    const { error, requestId } = parsed.value;
    return {
      ok: false,
      error: {
        status: response.status,
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        requestId: requestId ?? headerRequestId,
      },
    };
  }
  return {
    ok: false,
    error: {
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: `HTTP ${response.status} that is not Gerbang's answer: ${text.slice(0, EXCERPT_CHARS)}`,
      requestId: headerRequestId,
    },
  };
}
