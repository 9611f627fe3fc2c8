import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProvider } from '../app/provider';
import { QueryCacheProvider, startNewQueryCache } from '../lib/query-cache';

/** A page or form rendered alone, inside what the app gives it: the session and an empty query cache. */
export function renderInApp(ui: ReactElement) {
  const queryClient = startNewQueryCache({ retry: 0 });
  const view = render(
    <AppProvider>
      <QueryCacheProvider>{ui}</QueryCacheProvider>
    </AppProvider>,
  );
  return { ...view, queryClient };
}
