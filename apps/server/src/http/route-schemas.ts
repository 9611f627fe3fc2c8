import { type ErrorCode, errorResponseSchema } from '@gerbang/contract';

/** OpenAPI security of every route behind `authenticate`. */
export const BEARER_SECURITY = [{ bearer: [] }];

/** Response schemas of the given error statuses, all in the one error shape. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/** What any merchant API call may be refused with before its route runs (the API token guard). */
const API_TOKEN_ERRORS = {
  401: ['UNAUTHENTICATED', 'API_TOKEN_EXPIRED', 'API_TOKEN_REVOKED'],
  403: ['INSUFFICIENT_SCOPE', 'IP_NOT_ALLOWED'],
  422: ['VALIDATION_FAILED'],
  429: ['RATE_LIMITED'],
} as const satisfies Record<number, readonly ErrorCode[]>;

/**
 * A merchant API route's error answers, each status described with the codes it may carry (the
 * OpenAPI document lists them): the token guard's, and the route's own.
 */
export function apiErrorResponses(own: Partial<Record<number, readonly ErrorCode[]>> = {}) {
  const merged: Record<number, ErrorCode[]> = {};
  for (const [status, codes] of [...Object.entries(API_TOKEN_ERRORS), ...Object.entries(own)]) {
    merged[Number(status)] = [...new Set([...(merged[Number(status)] ?? []), ...(codes ?? [])])];
  }
  return Object.fromEntries(
    Object.entries(merged).map(([status, codes]) => [
      status,
      errorResponseSchema.describe(`The error shape; error.code one of: ${codes.join(', ')}`),
    ]),
  ) as Record<number, typeof errorResponseSchema>;
}
