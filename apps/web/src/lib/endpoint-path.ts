import type { Endpoint } from '@gerbang/contract';

/** Fills the `:id` of an endpoint from the contract (paths are never retyped). */
export function endpointPath(endpoint: Endpoint, id: string): string {
  return endpoint.path.replace(':id', encodeURIComponent(id));
}
