/**
 * A list request's query parameters without the empty ones (undefined, null, ''): the server
 * treats a missing filter as "any".
 */
export function queryParams(values: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}
