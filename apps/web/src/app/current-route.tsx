import { createContext, useContext } from 'react';
import type { AppRoute } from './route-definition';

/** The route-table row the address matches; set by the router, read by the guard and layouts. */
export const CurrentRouteContext = createContext<AppRoute | null>(null);

/** The route-table row of the current address, or null (the not-found page). */
export function useCurrentRoute(): AppRoute | null {
  return useContext(CurrentRouteContext);
}
