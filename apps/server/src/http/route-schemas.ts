import { errorResponseSchema } from '@gerbang/contract';

/** OpenAPI security of every route behind `authenticate`. */
export const BEARER_SECURITY = [{ bearer: [] }];

/** Response schemas of the given error statuses, all in the one error shape. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}
