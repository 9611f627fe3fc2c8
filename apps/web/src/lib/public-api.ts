import type { ErrorCode } from '@gerbang/contract';
import { env } from '../config/env';

/** A failed call of the public API: the server's error code and fields, or NETWORK when none came. */
export class PublicApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(code);
  }
}

export const publicApiUrl = (path: string) => `${env.backendUrl}${path}`;

/**
 * The customer pages call the public API with fetch directly: they carry none of the consoles'
 * code (no session, sign-in or token refresh), so a customer on a slow phone downloads as little
 * as possible.
 * Answers are not parsed with zod here: the server serializes each through the contract's schema,
 * and zod would be more than the rest of a customer page together.
 */
export async function callPublicApi<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: object; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(publicApiUrl(path), {
      method: init.method ?? 'GET',
      body: init.body ? JSON.stringify(init.body) : undefined,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new PublicApiError('NETWORK', 0);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new PublicApiError(body?.error?.code ?? 'INTERNAL', response.status, body?.error?.fields ?? {});
  }
  return body as T;
}
