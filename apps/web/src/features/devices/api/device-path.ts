import type { Endpoint } from '@gerbang/contract';

/** Fills the `:id` of a device endpoint from the contract (paths are never retyped). */
export function devicePath(endpoint: Endpoint, id: string): string {
  return endpoint.path.replace(':id', encodeURIComponent(id));
}
