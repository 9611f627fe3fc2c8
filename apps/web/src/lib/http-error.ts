import type { AxiosError } from 'axios';

/**
 * Recognising what the API client throws, without loading it: importing even `isAxiosError`
 * from axios brings the whole client, which the sign-in page must not wait for.
 */

/** Thrown by the API client when there is no refresh token to renew the session with. */
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';

/** Same test as axios' own `isAxiosError` (axios flags every error it throws). */
export function isAxiosError(value: unknown): value is AxiosError {
  return typeof value === 'object' && value !== null && (value as { isAxiosError?: unknown }).isAxiosError === true;
}
