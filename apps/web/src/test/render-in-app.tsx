import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
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

/** The same, at the address `url` among these routes: for what reads or changes the address. */
export function renderInAppAt(url: string, routes: Record<string, ReactElement>) {
  return renderInApp(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}
